import { Link } from 'react-router-dom';

import { useTranslation } from '../../../lib/use-translation';
import type { DashboardSummary } from '../api';

/** The members list showing those Expiring, the soonest end first. */
export const EXPIRING_LINK = '/dashboard/members?standing=Expiring&ordering=membership_end';

interface Card {
  key: 'members' | 'registrations' | 'events';
  total: number;
  parts: { key: string; value: number }[];
  to: string;
}

/**
 * Members, registrations and events: each total, its parts (SPEC §9) and the link to its page.
 * Each figure says what it counts: its label names it, and a note under the card says what is in it.
 * The members card also links to those whose membership year ends within 30 days.
 */
export function SummaryCards({ summary }: { summary: DashboardSummary }) {
  const { t } = useTranslation('dashboard-home');
  const { members, registrations, events } = summary;
  const cards: Card[] = [
    {
      key: 'members',
      total: members.total,
      parts: [
        { key: 'active', value: members.active },
        { key: 'inactive', value: members.inactive },
        // SPEC §9's "pending": anything not approved, which includes rejected applications.
        { key: 'notApproved', value: members.pending },
      ],
      to: '/dashboard/members',
    },
    {
      key: 'registrations',
      total: registrations.total,
      parts: [
        { key: 'pending', value: registrations.pending },
        { key: 'approved', value: registrations.approved },
        { key: 'rejected', value: registrations.rejected },
      ],
      to: '/dashboard/registrations',
    },
    {
      key: 'events',
      total: events.total,
      // SPEC §9's "upcoming": the published events.
      parts: [{ key: 'published', value: events.upcoming }],
      to: '/dashboard/events',
    },
  ];

  return (
    <ul className="dashboard-cards plain-list">
      {cards.map((card) => (
        <li key={card.key} className="dashboard-card">
          <h3 className="dashboard-card__title" id={`dashboard-card-${card.key}`}>
            {t(`cards.${card.key}`)}
          </h3>
          <dl
            className="dashboard-card__figures"
            aria-labelledby={`dashboard-card-${card.key}`}
            aria-describedby={`dashboard-card-${card.key}-note`}
          >
            <div className="dashboard-card__total">
              <dt>{t(`cards.totals.${card.key}`)}</dt>
              <dd>{card.total.toLocaleString()}</dd>
            </div>
            {card.parts.map((part) => (
              <div key={part.key} className="dashboard-card__part">
                <dt>{t(`cards.${part.key}`)}</dt>
                <dd>{part.value.toLocaleString()}</dd>
              </div>
            ))}
          </dl>
          <p className="dashboard-card__note" id={`dashboard-card-${card.key}-note`}>
            {t(`cards.notes.${card.key}`)}
          </p>
          {card.key === 'members' && (
            // The members whose year ends within 30 days, as the members list filters them.
            <Link to={EXPIRING_LINK} className="dashboard-card__link dashboard-card__expiring">
              {t('cards.expiring', { count: members.expiring_30_days })}
            </Link>
          )}
          <Link to={card.to} className="dashboard-card__link">
            {t(`links.${card.key}`)}
          </Link>
        </li>
      ))}
    </ul>
  );
}
