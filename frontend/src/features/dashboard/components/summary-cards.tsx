import { Link } from 'react-router-dom';

import { useTranslation } from '../../../lib/use-translation';
import type { DashboardSummary } from '../api';

interface Card {
  key: 'members' | 'registrations' | 'events';
  total: number;
  parts: { key: string; value: number }[];
  to: string;
}

/** Members, registrations and events: each total, its parts (SPEC §9) and the link to its page. */
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
        { key: 'pending', value: members.pending },
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
      parts: [{ key: 'upcoming', value: events.upcoming }],
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
          <dl className="dashboard-card__figures" aria-labelledby={`dashboard-card-${card.key}`}>
            <div className="dashboard-card__total">
              <dt>{t('cards.total')}</dt>
              <dd>{card.total.toLocaleString()}</dd>
            </div>
            {card.parts.map((part) => (
              <div key={part.key} className="dashboard-card__part">
                <dt>{t(`cards.${part.key}`)}</dt>
                <dd>{part.value.toLocaleString()}</dd>
              </div>
            ))}
          </dl>
          <Link to={card.to} className="dashboard-card__link">
            {t(`links.${card.key}`)}
          </Link>
        </li>
      ))}
    </ul>
  );
}
