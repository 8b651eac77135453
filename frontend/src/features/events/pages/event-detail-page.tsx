import { useMemo } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';

import { PageHeading } from '../../../components/page-heading';
import { PageSkeleton } from '../../../components/page-skeleton';
import { eventStart } from '../../../lib/countdown';
import { hoursText } from '../../../lib/cpd';
import { eventImage } from '../../../lib/event-images';
import { formatDate, formatTime } from '../../../lib/format-date';
import { formatPrice } from '../../../lib/format-price';
import { useTranslation } from '../../../lib/use-translation';
import { SignedVideoButton } from '../../signed-videos/watch-signed-video';
import { AboutSection, AgendaSection, FaqSection, SpeakersSection } from '../components/event-details';
import { EventHero } from '../components/event-hero';
import { EventLayout } from '../components/event-layout';
import { CallForAbstract, GetInTouch, ShareLinks } from '../components/event-sidebar';
import '../components/public-events.css';
import { venueOf } from '../components/venue';
import { VenueSection } from '../components/venue-section';
import { isFull, type PublicEventDetail, useGetPublicEventQuery } from '../public-api';

// A status check, not a sentence: the error-text helpers of lib/api-error are not needed here.
function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && error.status === 404;
}

/** An event id as the route gives it: a positive whole number, else null. */
function parseEventId(value: string | undefined): number | null {
  return value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

function EventProblem({ message }: { message: string }) {
  const { t } = useTranslation(['common', 'event-detail']);
  return (
    <section className="page page--narrow">
      <PageHeading title={t('pages.eventDetail')} />
      <p className="notice notice--error" role="alert">
        {message}
      </p>
      <p>
        <Link to="/events">{t('event-detail:detail.backToEvents')}</Link>
      </p>
    </section>
  );
}

function EventDetail({ event }: { event: PublicEventDetail }) {
  const { t } = useTranslation('event-detail');
  const { pathname } = useLocation();
  const start = useMemo(() => eventStart(event.date, event.time), [event.date, event.time]);
  const time = formatTime(event.time);
  const when = [formatDate(event.date, 'long'), time].filter(Boolean).join(' · ');
  const pageUrl = new URL(pathname, window.location.origin).href;
  const cancelled = event.status === 'Cancelled';
  // Registering (or, when full, joining the waiting list) is for a published event only.
  const register =
    event.status === 'Published'
      ? { to: `/registration?eventId=${event.id}`, label: isFull(event) ? t('detail.joinWaitlist') : t('detail.registerNow') }
      : undefined;

  return (
    <EventLayout
      hero={
        <EventHero
          image={eventImage(event.event_image_id)}
          uploaded={event.image}
          title={event.title}
          subtitle={event.subtitle?.trim() || t('detail.defaultSubtitle')}
          when={when}
          location={event.location}
          price={formatPrice(event.price)}
          register={register}
        />
      }
      start={start}
      countdown={!cancelled}
      aside={
        <>
          <GetInTouch email={event.contact_email} phone={event.contact_phone} />
          {event.call_for_abstracts_url && !cancelled && <CallForAbstract url={event.call_for_abstracts_url} />}
          <ShareLinks url={pageUrl} title={event.title} />
        </>
      }
    >
      <SignedVideoButton video={event.signed_video} />
      {cancelled && (
        <p className="notice notice--error event-page__cancelled">
          <strong className="event-page__cancelled-status">{t('common:status.event.Cancelled')}</strong> {t('detail.cancelled')}
        </p>
      )}
      {event.cpd_hours ? (
        <p className="notice event-page__cpd">
          {t('detail.cpd', { count: event.cpd_hours, hours: hoursText(event.cpd_hours) })}
          {event.cpd_category ? ` (${t(`detail.cpdCategories.${event.cpd_category}`)})` : ''}
        </p>
      ) : null}
      <AboutSection heading={t('detail.aboutHeading')} text={event.description} />
      <SpeakersSection speakers={event.speakers} />
      <AgendaSection heading={t('detail.agendaHeading')} items={event.agenda} />
      <FaqSection heading={t('detail.faqHeading')} faqs={event.faqs} />
      <VenueSection location={event.location} venue={venueOf(event)} access={event.access_info} />
    </EventLayout>
  );
}

/**
 * /event/:id: one published, completed or cancelled event, with its schedule, venue and countdown.
 * A cancelled one stays readable by its link and says so, with no way to register.
 */
export function EventDetailPage() {
  const { t } = useTranslation('event-detail');
  const eventId = parseEventId(useParams().id);
  const { data: event, error, isLoading } = useGetPublicEventQuery(eventId ?? 0, { skip: eventId === null });

  if (eventId === null || isNotFound(error)) return <EventProblem message={t('detail.notFound')} />;
  if (isLoading) return <PageSkeleton label={t('detail.loading')} />;
  if (error || !event) return <EventProblem message={t('detail.error')} />;
  return <EventDetail event={event} />;
}
