import { useId } from 'react';

import { nameInitials } from '../../../lib/initials';
import { useTranslation } from '../../../lib/use-translation';
import type { AgendaItem, EventFaq } from '../public-api';
import { AgendaList } from './agenda-list';
import { FaqList } from './faq-list';

/** The in-page target of 'View Schedule'. */
export const AGENDA_ANCHOR = 'agenda';

export function AgendaSection({ heading, items }: { heading: string; items: readonly AgendaItem[] }) {
  const { t } = useTranslation('event-detail');
  return (
    <section id={AGENDA_ANCHOR} className="event-section" aria-labelledby="agenda-heading" tabIndex={-1}>
      <h2 id="agenda-heading">{heading}</h2>
      <AgendaList items={items} emptyText={t('detail.noAgenda')} />
    </section>
  );
}

export function FaqSection({ heading, faqs }: { heading: string; faqs: readonly EventFaq[] }) {
  const { t } = useTranslation('event-detail');
  const headingId = useId();
  return (
    <section className="event-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <FaqList faqs={faqs} emptyText={t('detail.noFaqs')} />
    </section>
  );
}

export function AboutSection({ heading, text }: { heading: string; text: string }) {
  const headingId = useId();
  return (
    <section className="event-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <p className="event-page__description">{text}</p>
    </section>
  );
}

/** Featured speakers: an initials avatar and the name. */
export function SpeakersSection({ speakers }: { speakers: readonly string[] }) {
  const { t } = useTranslation('event-detail');
  const headingId = useId();
  const names = speakers.map((name) => name.trim()).filter(Boolean);
  if (names.length === 0) return null;
  return (
    <section className="event-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('detail.speakersHeading')}</h2>
      <ul className="plain-list speakers">
        {names.map((name, index) => (
          <li key={`${name}-${index}`} className="speakers__item">
            <span className="speakers__avatar" aria-hidden="true">
              {nameInitials(name)}
            </span>
            <span className="speakers__name">{name}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
