import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router-dom';

import { PageHeading } from '../../../components/page-heading';
import { errorStatus } from '../../../lib/api-error';
import { dateAndTime, formatDate, formatTime } from '../../../lib/format-date';
import type { TFunction } from '../../../lib/i18n';
import { useTranslation } from '../../../lib/use-translation';
import '../components/public-events.css';
import '../components/ticket.css';
import { venueOf } from '../components/venue';
import { VenueSection } from '../components/venue-section';
import { type Ticket, useGetTicketQuery } from '../ticket-api';

// For app/route-prefetch.ts, which fills the ticket's cache as this page's code arrives: from here,
// the call stays in this page's file rather than a file of its own (one request fewer).
export { ticketApi } from '../ticket-api';

/** The ticket's calendar invite (.ics), the one its confirmation e-mail carries: a plain link. */
function calendarUrl(code: string): string {
  return `/api/tickets/${encodeURIComponent(code)}/calendar.ics`;
}

/** Why a ticket lets nobody in, in its holder's words: the event's fate first, then the seat's. */
function invalidReason(ticket: Ticket, t: TFunction): string {
  if (ticket.event.status === 'Cancelled') return t('invalid.eventCancelled');
  switch (ticket.status) {
    case 'Rejected':
      return t('invalid.rejected');
    case 'Cancelled':
      return t('invalid.cancelled');
    case 'Expired':
      return t('invalid.expired');
    default:
      return t('invalid.notConfirmed');
  }
}

/** When: the long date, then the time (and until when) when the event has one. */
function whenOf(ticket: Ticket): { date: string; time: string } {
  const start = formatTime(ticket.event.time);
  const end = formatTime(ticket.event.end_time);
  return { date: formatDate(ticket.event.date, 'long'), time: start && end ? `${start} – ${end}` : start };
}

/** The ticket's verdict, focused when it arrives (the page showed a placeholder before). */
function Verdict({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation('ticket');
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  if (!ticket.valid) {
    return (
      <div className="notice notice--error ticket__verdict">
        <h2 ref={headingRef} tabIndex={-1}>
          {t('invalid.heading')}
        </h2>
        <p>{invalidReason(ticket, t)}</p>
      </div>
    );
  }
  const checkedIn = ticket.checked_in_at ? dateAndTime(ticket.checked_in_at) : null;
  return (
    <div className="notice notice--success ticket__verdict">
      <h2 ref={headingRef} tabIndex={-1}>
        {t('valid.heading')}
      </h2>
      <p>{checkedIn ? t('valid.checkedIn', checkedIn) : t('valid.show')}</p>
    </div>
  );
}

function TicketView({ ticket, code }: { ticket: Ticket; code: string }) {
  const { t } = useTranslation(['ticket', 'event-detail']);
  const when = whenOf(ticket);
  const facts: [string, string, string?][] = [
    [t('facts.name'), ticket.holder_name],
    [t('facts.reference'), ticket.reference ?? '', 'ticket__reference'],
    [t('facts.date'), when.date],
    [t('facts.time'), when.time],
    [t('facts.place'), ticket.event.location],
  ];
  return (
    <>
      <article className={`card ticket${ticket.valid ? '' : ' ticket--invalid'}`} aria-labelledby="ticket-event">
        <Verdict key={`${ticket.status}-${ticket.valid}`} ticket={ticket} />
        {ticket.qr_svg && (
          <figure className="ticket__code">
            {/* The server's SVG (segno: only a title and paths); a picture with one name. */}
            <div
              className="ticket__qr"
              role="img"
              aria-label={t('qr.label')}
              dangerouslySetInnerHTML={{ __html: ticket.qr_svg }}
            />
            <figcaption>{t('qr.hint')}</figcaption>
          </figure>
        )}
        <div className="ticket__details">
          <h2 id="ticket-event" className="ticket__event">
            {ticket.event.title}
          </h2>
          <dl className="ticket__facts">
            {facts
              .filter(([, value]) => value)
              .map(([label, value, className]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd className={className}>{value}</dd>
                </div>
              ))}
          </dl>
          <p className="ticket__actions">
            {ticket.valid && (
              <a className="button button--primary" href={calendarUrl(code)} download>
                {t('calendar')}
              </a>
            )}
            <Link to={`/event/${ticket.event.id}`}>{t('eventLink')}</Link>
          </p>
        </div>
      </article>
      {ticket.event.status !== 'Cancelled' && (
        // The map (Leaflet, ~40 KB) only once its place is on screen: the ticket's first screen
        // stays within the first-visit JavaScript budget on a laptop too.
        <VenueSection
          location={ticket.event.location}
          venue={venueOf(ticket.event)}
          access={ticket.event.access_info}
          mapAhead="0px"
        />
      )}
    </>
  );
}

/** The ticket's shape while it loads: the code's square and a few lines, so nothing jumps. */
function TicketPlaceholder() {
  const { t } = useTranslation('ticket');
  return (
    <div className="card ticket" role="status">
      <div className="ticket__code" aria-hidden="true">
        <span className="ticket__qr ticket__qr--placeholder" />
      </div>
      <div className="ticket__details" aria-hidden="true">
        <span className="page-skeleton__line page-skeleton__line--title" />
        <span className="page-skeleton__line" />
        <span className="page-skeleton__line page-skeleton__line--short" />
      </div>
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
}

function Problem({ message }: { message: string }) {
  const { t } = useTranslation('ticket');
  return (
    <>
      <p className="notice notice--error" role="alert">
        {message}
      </p>
      <p className="ticket-page__back">
        <Link to="/events">{t('backToEvents')}</Link>
      </p>
    </>
  );
}

/**
 * /ticket/:code: a confirmed seat's ticket, as its holder opens it from the e-mail (no account):
 * the QR code to show at the door, the event, when and where, the holder's name and reference,
 * and whether the ticket still lets them in.
 */
export function TicketPage() {
  const { t } = useTranslation('ticket');
  const code = useParams().code?.trim() ?? '';
  const { data, error, isLoading } = useGetTicketQuery(code, { skip: code === '' });

  let content;
  if (code === '' || errorStatus(error) === 404) {
    content = <Problem message={t('notFound')} />;
  } else if (isLoading) {
    content = <TicketPlaceholder />;
  } else if (!data) {
    content = <Problem message={errorStatus(error) === 429 ? t('tooMany') : t('failed')} />;
  } else {
    content = <TicketView ticket={data} code={code} />;
  }

  return (
    <section className="page page--narrow ticket-page">
      <PageHeading title={t('title')} />
      {content}
    </section>
  );
}
