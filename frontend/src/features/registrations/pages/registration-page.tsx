import { skipToken } from '@reduxjs/toolkit/query/react';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';

import { PageHeading } from '../../../components/page-heading';
import { PageSkeleton } from '../../../components/page-skeleton';
import { Spinner } from '../../../components/spinner';
import { useToast } from '../../../components/use-toast';
import { errorStatus } from '../../../lib/api-error';
import { formatDate, formatTime } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/use-translation';
import { isEventFull } from '../components/capacity-bar';
import { RegistrationForm, type RegistrationOutcome } from '../components/registration-form';
import { RegistrationSummary } from '../components/registration-summary';
import { valuesFromRegistrant, type RegistrationValues } from '../components/registration-values';
import '../components/registration.css';
import {
  useCheckWaitlistOfferQuery,
  useGetRegistrationEventQuery,
  type RegistrationAnswer,
  type RegistrationEvent,
  type WaitlistAnswer,
} from '../public-api';

// What shows after a successful answer loads then, so that a first visit carries only the form
// (the public JavaScript budget).
const RegistrationSuccess = lazy(() =>
  import('../components/registration-success').then((module) => ({ default: module.RegistrationSuccess })),
);
const WaitlistSuccess = lazy(() =>
  import('../components/waitlist-success').then((module) => ({ default: module.WaitlistSuccess })),
);

/** An event id as the address gives it: a positive whole number, else null. */
function parseEventId(value: string | null): number | null {
  return value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/** The token of a waiting-list offer link (`#offer=<token>`: a fragment never reaches a server log). */
function offerTokenOf(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('offer')?.trim() || null;
}

type Offer =
  | { state: 'none' }
  | { state: 'valid'; token: string; values: RegistrationValues; heldUntil: string }
  | { state: 'invalid' }
  /** The check itself failed (offline...): the page works as if there were no offer. */
  | { state: 'unchecked' };

/** When the held seat goes, as people read it: 'Mar 12, 2027 9:00 AM'. */
function heldUntil(expiresAt: string): string {
  const date = new Date(expiresAt);
  if (Number.isNaN(date.getTime())) return '';
  const clock = `${date.getHours()}:${String(date.getMinutes()).padStart(2, '0')}`;
  return [formatDate(date), formatTime(clock)].filter(Boolean).join(' ');
}

function Problem({ text }: { text: string }) {
  const { t } = useTranslation('registration');
  return (
    <>
      <p className="notice notice--error" role="alert">
        {text}
      </p>
      <p className="registration-page__back">
        <Link to="/events">{t('backToEvents')}</Link>
      </p>
    </>
  );
}

/** The form and what replaces it, beside the event's summary. */
function Registration({ event, offer }: { event: RegistrationEvent; offer: Offer }) {
  const { t } = useTranslation('registration');
  const toast = useToast();
  const [registered, setRegistered] = useState<RegistrationAnswer | null>(null);
  const [joined, setJoined] = useState<WaitlistAnswer | null>(null);
  // What a refused send said about the seats, over what the event's (cached) counters say.
  const [serverSeats, setServerSeats] = useState<{ full: boolean; message: string | undefined } | null>(null);
  const [offerRefused, setOfferRefused] = useState(false);
  const seatsNoticeRef = useRef<HTMLParagraphElement>(null);

  const validOffer = offer.state === 'valid' && !offerRefused ? offer : null;
  const full = !validOffer && (serverSeats?.full ?? isEventFull(event));

  // The send was refused over the seats: the news replaces the button the focus was on.
  useEffect(() => {
    if (serverSeats) seatsNoticeRef.current?.focus();
  }, [serverSeats]);

  function handleOutcome(outcome: RegistrationOutcome) {
    switch (outcome.kind) {
      case 'registered':
        toast.success(outcome.answer.payment_info.amount ? t('success.message') : t('success.messageFree'));
        setRegistered(outcome.answer);
        break;
      case 'joined':
        toast.success(outcome.answer.message || t('waitlist.joined'));
        setJoined(outcome.answer);
        break;
      case 'full':
        setServerSeats({ full: true, message: outcome.message });
        break;
      case 'seatsAvailable':
        setServerSeats({ full: false, message: outcome.message });
        break;
      case 'offerRefused':
        setOfferRefused(true);
        break;
    }
  }

  let panel: ReactNode;
  if (event.status !== 'Published') {
    panel = (
      <p className="notice notice--error" role="alert">
        {t('errors.notAvailable')}
      </p>
    );
  } else if (registered) {
    panel = (
      <Suspense fallback={<Spinner />}>
        <RegistrationSuccess answer={registered} />
      </Suspense>
    );
  } else if (joined) {
    panel = (
      <Suspense fallback={<Spinner />}>
        <WaitlistSuccess answer={joined} />
      </Suspense>
    );
  } else {
    const offerInvalid = offer.state === 'invalid' || (offer.state === 'valid' && offerRefused);
    // Every slot is always there (null or not), so that the form keeps what was typed when it
    // turns into the waiting-list form.
    panel = (
      <>
        {validOffer && (
          <p className="notice notice--success" role="status">
            {t('offer.held', { when: validOffer.heldUntil })}
          </p>
        )}
        {offerInvalid && (
          <p className="notice registration-notice" role="status">
            {t('offer.invalid')}
          </p>
        )}
        {offer.state === 'unchecked' && (
          <p className="notice registration-notice" role="status">
            {t('offer.checkFailed')}
          </p>
        )}
        {full ? (
          <p className="notice notice--error" role="alert" ref={seatsNoticeRef} tabIndex={-1}>
            {serverSeats?.message ?? t('errors.full', { seats: event.maximum_attendees, count: event.maximum_attendees ?? 0 })}
          </p>
        ) : (
          serverSeats?.message && (
            <p className="notice registration-notice" role="status" ref={seatsNoticeRef} tabIndex={-1}>
              {serverSeats.message}
            </p>
          )
        )}
        <h2>{full ? t('waitlist.heading') : t('form.heading')}</h2>
        {full && <p>{t('waitlist.intro')}</p>}
        <RegistrationForm
          eventId={event.id}
          mode={full ? 'waitlist' : 'register'}
          initialValues={offer.state === 'valid' ? offer.values : undefined}
          offerToken={validOffer?.token}
          onOutcome={handleOutcome}
        />
      </>
    );
  }

  return (
    <div className="registration-layout">
      <RegistrationSummary event={event} />
      <div className="card registration-panel">{panel}</div>
    </div>
  );
}

/** /registration?eventId=…: a visitor registers for an event, or joins its waiting list when it is full. */
export function RegistrationPage() {
  const { t } = useTranslation(['registration', 'common']);
  const [searchParams] = useSearchParams();
  const { hash } = useLocation();
  const eventId = parseEventId(searchParams.get('eventId'));
  const offerToken = offerTokenOf(hash);
  const eventQuery = useGetRegistrationEventQuery(eventId ?? skipToken);
  const offerQuery = useCheckWaitlistOfferQuery(eventId !== null && offerToken ? offerToken : skipToken);

  let offer: Offer = { state: 'none' };
  if (offerToken && offerQuery.isError) offer = { state: 'unchecked' };
  else if (offerToken && offerQuery.data) {
    const check = offerQuery.data;
    offer =
      check.valid && check.event_id === eventId
        ? {
            state: 'valid',
            token: offerToken,
            values: valuesFromRegistrant(check.registrant),
            heldUntil: heldUntil(check.expires_at),
          }
        : { state: 'invalid' };
  }

  let content: ReactNode;
  if (eventId === null) content = <Problem text={t('errors.noEvent')} />;
  else if (eventQuery.isLoading || offerQuery.isLoading) {
    content = (
      <div aria-busy="true">
        <PageSkeleton />
      </div>
    );
  } else if (errorStatus(eventQuery.error) === 404) content = <Problem text={t('errors.notFound')} />;
  else if (!eventQuery.data) content = <Problem text={t('errors.loadFailed')} />;
  else content = <Registration event={eventQuery.data} offer={offer} />;

  return (
    <section className="page registration-page">
      <PageHeading title={t('common:pages.registration')} />
      {content}
    </section>
  );
}
