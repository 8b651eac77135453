import { useMemo } from 'react';

import { nextAnnualDay } from '../../../lib/countdown';
import { eventImage } from '../../../lib/event-images';
import { useTranslation } from '../../../lib/use-translation';
import { AboutSection, AgendaSection, FaqSection } from '../components/event-details';
import { EventHero } from '../components/event-hero';
import { EventLayout } from '../components/event-layout';
import { CallForAbstract, GetInTouch } from '../components/event-sidebar';
import '../components/public-events.css';
import { venueOf } from '../components/venue';
import { VenueSection } from '../components/venue-section';
import type { AgendaItem, EventFaq } from '../public-api';

/** The conference opens on 3 November each year and runs to the 5th (SPEC §2). */
const OPENING = { month: 11, day: 3 } as const;

/** /event: the static landing page of the yearly conference, with fixed content. */
export function ConferencePage() {
  const { t } = useTranslation('conference');
  const opening = useMemo(() => nextAnnualDay(OPENING.month, OPENING.day), []);
  const agenda = t('conference.agenda', { returnObjects: true }) as AgendaItem[];
  const faqs = t('conference.faqs', { returnObjects: true }) as EventFaq[];

  return (
    <EventLayout
      hero={
        <EventHero
          image={eventImage('kcc1')}
          title={t('conference.title')}
          subtitle={t('conference.subtitle')}
          when={t('conference.dates', { year: opening.getFullYear() })}
          location={t('conference.location')}
          register={{ to: '/registration', label: t('conference.register') }}
        />
      }
      start={opening}
      aside={
        <>
          <GetInTouch />
          <CallForAbstract />
        </>
      }
    >
      <AboutSection heading={t('conference.aboutHeading')} text={t('conference.about')} />
      <AgendaSection heading={t('conference.agendaHeading')} items={Array.isArray(agenda) ? agenda : []} />
      <FaqSection heading={t('conference.faqHeading')} faqs={Array.isArray(faqs) ? faqs : []} />
      <VenueSection venue={venueOf()} />
    </EventLayout>
  );
}
