import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';

import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeading } from '../../../components/page-heading';
import { Spinner } from '../../../components/spinner';
import { errorStatus } from '../../../lib/api-error';
import { formatDate, formatTime } from '../../../lib/format-date';
import type { TFunction } from '../../../lib/i18n';
import { useTranslation } from '../../../lib/use-translation';
import { EventFacts } from '../components/event-facts';
import { PaymentInstructions } from '../components/payment-instructions';
import '../components/registration.css';
import {
  useCancelMyRegistrationMutation,
  useOpenMyRegistrationQuery,
  type LinkedEvent,
  type MyRegistration,
} from '../public-api';

/** The token of an e-mailed link (`#token=<token>`: a fragment never reaches a server log). */
function tokenOf(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token')?.trim() || null;
}

/** A deadline as people read it: 'Mar 12, 2027 9:00 AM'. */
function moment(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const clock = `${date.getHours()}:${String(date.getMinutes()).padStart(2, '0')}`;
  return [formatDate(date), formatTime(clock)].filter(Boolean).join(' ');
}

function EventSummary({ event }: { event: LinkedEvent }) {
  const { t } = useTranslation('registration');
  return (
    <section className="card registration-summary" aria-labelledby="my-registration-event">
      <h2 id="my-registration-event">{event.title}</h2>
      <EventFacts event={event} />
      <p className="registration-summary__link">
        <Link to={`/event/${event.id}`}>{t('summary.eventLink')}</Link>
      </p>
    </section>
  );
}

/** The headline and what to do next, for a registration in each state. */
function registrationNews(answer: Extract<MyRegistration, { kind: 'registration' }>, t: TFunction) {
  const { registration } = answer;
  const { free } = registration;
  switch (registration.registration_status) {
    case 'Pending':
      return {
        tone: 'success',
        heading: answer.confirmed_now ? t('mine.confirmedHeading') : t('mine.pendingHeading'),
        text: free ? t('mine.pendingFree') : t('mine.pending'),
      };
    case 'Approved':
      return {
        tone: 'success',
        heading: t('mine.approvedHeading'),
        text: free ? t('mine.approvedFree') : t('mine.approved'),
      };
    case 'Expired':
      return {
        tone: 'error',
        heading: t('mine.expiredHeading'),
        text: registration.ended_reason === 'payment_deadline' ? t('mine.expiredUnpaid') : t('mine.expiredUnconfirmed'),
      };
    case 'Cancelled':
      if (registration.ended_reason === 'by_registrant') {
        return { tone: 'success', heading: t('mine.cancelledHeading'), text: t('mine.cancelledByYou') };
      }
      if (registration.ended_reason === 'event_cancelled') {
        return { tone: 'error', heading: t('mine.eventCancelledHeading'), text: t('mine.eventCancelled') };
      }
      return { tone: 'error', heading: t('mine.cancelledHeading'), text: t('mine.cancelled') };
    default:
      return { tone: 'error', heading: t('mine.rejectedHeading'), text: t('mine.rejected') };
  }
}

function RegistrationView({
  answer,
  token,
}: {
  answer: Extract<MyRegistration, { kind: 'registration' }>;
  token: string;
}) {
  const { t } = useTranslation('registration');
  const { registration } = answer;
  const news = registrationNews(answer, t);
  const status = registration.registration_status;
  const pending = status === 'Pending' && !registration.free;
  const ended = ['Expired', 'Cancelled', 'Rejected'].includes(status);
  const cancellable = (status === 'Pending' || status === 'Approved') && registration.event.status !== 'Cancelled';
  // A paid seat cancelled here is not refunded by itself: the dialog says whom to ask.
  const paidSeat = status === 'Approved' && !registration.free;
  return (
    <div className="registration-layout">
      <EventSummary event={registration.event} />
      <div className="card registration-panel registration-success">
        <News key={`${status}-${registration.ended_reason}`} heading={news.heading} text={news.text} tone={news.tone} />
        {registration.status_reason && (
          <p>{t('mine.organisersWrote', { reason: registration.status_reason })}</p>
        )}
        {registration.payment_reference && !registration.free && (
          <div className="registration-success__reference">
            <dl>
              <dt>{t('success.referenceLabel')}</dt>
              <dd className="registration-success__code">{registration.payment_reference}</dd>
            </dl>
            {pending && (
              <p className="registration-success__note">
                {t('success.referenceNote')}
              </p>
            )}
          </div>
        )}
        {pending && registration.payment_due_at && answer.payment_info.amount ? (
          <p className="notice registration-confirm">{t('mine.payBy', { when: moment(registration.payment_due_at) })}</p>
        ) : null}
        {pending && <PaymentInstructions id="payment-instructions" hidden={false} answer={answer} />}
        {ended && registration.event.status === 'Published' && (
          <p>
            <Link className="button button--primary" to={`/registration?eventId=${registration.event.id}`}>
              {t('mine.registerAgain')}
            </Link>
          </p>
        )}
        {cancellable && (
          <CancelPlace
            token={token}
            kind="registration"
            extra={paidSeat ? t('mine.cancel.registration.paid', { email: answer.contact_info.email }) : null}
          />
        )}
      </div>
    </div>
  );
}

/**
 * "Cancel my registration" (or "Leave the waiting list"), behind a dialog that says what happens:
 * the seat (or place) goes to somebody else at once, and it cannot be taken back. The answer
 * replaces the page's registration; a failure is said next to the button.
 */
function CancelPlace({ token, kind, extra }: { token: string; kind: 'registration' | 'waitlist'; extra: string | null }) {
  const { t } = useTranslation('registration');
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [cancelPlace, { isLoading }] = useCancelMyRegistrationMutation();
  const buttonRef = useRef<HTMLButtonElement>(null);

  async function confirm() {
    setFailure(null);
    try {
      await cancelPlace(token).unwrap();
    } catch (error) {
      console.error('Cancelling through the link failed', error);
      const status = errorStatus(error);
      setFailure(
        status === 410
          ? t('mine.over')
          : status === 409
            ? t('mine.cancel.alreadyEnded')
            : status === 429
              ? t('mine.tooMany')
              : t('mine.cancel.failed'),
      );
      setAsking(false);
      buttonRef.current?.focus();
    }
  }

  return (
    <div className="my-registration__cancel">
      <h3>{t(`mine.cancel.${kind}.heading`)}</h3>
      <p>{t(`mine.cancel.${kind}.intro`)}</p>
      {failure && (
        <p className="notice notice--error" role="alert">
          {failure}
        </p>
      )}
      <button
        ref={buttonRef}
        type="button"
        className="button button--secondary"
        aria-haspopup="dialog"
        onClick={() => setAsking(true)}
      >
        {t(`mine.cancel.${kind}.action`)}
      </button>
      {asking && (
        <ConfirmDialog
          title={t(`mine.cancel.${kind}.title`)}
          confirmLabel={t(`mine.cancel.${kind}.confirm`)}
          pendingLabel={t('mine.cancel.pending')}
          cancelLabel={t(`mine.cancel.${kind}.keep`)}
          pending={isLoading}
          tone="danger"
          onConfirm={() => void confirm()}
          onCancel={() => setAsking(false)}
        >
          <p>{t(`mine.cancel.${kind}.body`)}</p>
          {extra && <p>{extra}</p>}
          <p>
            <strong>{t('mine.cancel.final')}</strong>
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}

function WaitlistView({ answer, token }: { answer: Extract<MyRegistration, { kind: 'waitlist' }>; token: string }) {
  const { t } = useTranslation('registration');
  const entry = answer.waitlist_entry;
  const eventCancelled = entry.event.status === 'Cancelled';
  let news: { heading: string; text: string; tone: string };
  if (entry.status === 'cancelled') {
    news = { tone: 'success', heading: t('mine.leftHeading'), text: t('mine.left') };
  } else if (entry.status === 'expired' && eventCancelled) {
    news = { tone: 'error', heading: t('mine.eventCancelledHeading'), text: t('mine.eventCancelledWaitlist') };
  } else if (entry.status === 'waiting' && entry.email_confirmed) {
    news = { tone: 'success', heading: t('mine.waitingHeading'), text: t('waitlist.whatNext') };
  } else if (entry.status === 'offered') {
    news = { tone: 'success', heading: t('mine.offeredHeading'), text: t('mine.offered') };
  } else if (entry.status === 'claimed') {
    news = { tone: 'success', heading: t('mine.claimedHeading'), text: t('mine.claimed') };
  } else {
    news = { tone: 'error', heading: t('mine.waitlistEndedHeading'), text: t('mine.waitlistEnded') };
  }
  return (
    <div className="registration-layout">
      <EventSummary event={entry.event} />
      <div className="card registration-panel registration-success">
        <News key={entry.status} heading={news.heading} text={news.text} tone={news.tone} />
        {entry.position !== null && (
          <p className="registration-success__position">{t('waitlist.position', { position: entry.position })}</p>
        )}
        {(entry.status === 'waiting' || entry.status === 'offered') && !eventCancelled && (
          <CancelPlace token={token} kind="waitlist" extra={null} />
        )}
      </div>
    </div>
  );
}

/** The news of the page, focused when it arrives (the page had only a spinner before). */
function News({ heading, text, tone }: { heading: string; text: string; tone: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <>
      <h2 ref={headingRef} tabIndex={-1}>
        {heading}
      </h2>
      <p className={`notice notice--${tone}`}>{text}</p>
    </>
  );
}

/**
 * /my-registration#token=…: the link of a registrant's first e-mail. Opening it confirms their
 * address (which keeps the seat) and shows the registration and how to pay; the same page shows a
 * place on a waiting list.
 */
export function MyRegistrationPage() {
  const { t } = useTranslation('registration');
  const { hash } = useLocation();
  const token = tokenOf(hash);
  const { data, error, isLoading } = useOpenMyRegistrationQuery(token ?? skipToken);

  let content;
  if (token && errorStatus(error) === 410) {
    content = (
      <>
        <p className="notice notice--error" role="alert">
          {t('mine.over')}
        </p>
        <p className="registration-page__back">
          <Link to="/events">{t('backToEvents')}</Link>
        </p>
      </>
    );
  } else if (!token || errorStatus(error) === 404) {
    content = (
      <>
        <p className="notice notice--error" role="alert">
          {t('mine.invalid')}
        </p>
        <p className="registration-page__back">
          <Link to="/events">{t('backToEvents')}</Link>
        </p>
      </>
    );
  } else if (isLoading) {
    content = (
      <div aria-busy="true">
        <Spinner />
      </div>
    );
  } else if (!data) {
    content = (
      <p className="notice notice--error" role="alert">
        {errorStatus(error) === 429 ? t('mine.tooMany') : t('mine.failed')}
      </p>
    );
  } else if (data.kind === 'waitlist') {
    content = <WaitlistView answer={data} token={token} />;
  } else {
    content = <RegistrationView answer={data} token={token} />;
  }

  return (
    <section className="page registration-page">
      <PageHeading title={t('mine.title')} />
      {content}
    </section>
  );
}
