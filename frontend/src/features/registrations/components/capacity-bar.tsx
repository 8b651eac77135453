import { useTranslation } from '../../../lib/use-translation';
import type { RegistrationEvent } from '../public-api';

export interface Capacity {
  /** The event's maximum of attendees. */
  seats: number;
  approved: number;
  pending: number;
  /** What a visitor can still take (never below 0). */
  open: number;
}

type Level = 'ok' | 'low' | 'critical';

/** SPEC §9: open seats at most 5 warn loudly. */
export const LOW_SEATS_WARNING = 5;

/** The seats of an event with a maximum; null when it has none (unlimited). */
export function capacityOf(event: RegistrationEvent): Capacity | null {
  const seats = event.maximum_attendees;
  if (!seats || seats <= 0) return null;
  // The server decides every seat figure (services/events/seats.py): shown as answered.
  return {
    seats,
    approved: event.approved_registrations_count,
    pending: event.pending_registrations_count,
    open: event.open_seats ?? 0,
  };
}

/** SPEC §4: no new registration once no seat is open (the server counts: at the maximum, or people wait). */
export function isEventFull(event: RegistrationEvent): boolean {
  return event.open_seats === 0;
}

/** SPEC §9: the bar is red when open seats are at most 10% of the capacity, yellow at most 30%. */
function barLevel({ seats, open }: Capacity): Level {
  if (open <= seats * 0.1) return 'critical';
  if (open <= seats * 0.3) return 'low';
  return 'ok';
}

/** SPEC §9: the open seats count is red at most 5, yellow at most 10. */
function seatsLevel(open: number): Level {
  if (open <= LOW_SEATS_WARNING) return 'critical';
  if (open <= 10) return 'low';
  return 'ok';
}

/** How full the event is: a bar (capped at 100%), the approved and pending counts, the seats left. */
export function CapacityBar({ capacity }: { capacity: Capacity }) {
  const { t } = useTranslation('registration');
  const { seats, approved, pending, open } = capacity;
  const taken = seats - open;
  const percent = Math.min(100, Math.max(0, Math.round((taken / seats) * 100)));
  return (
    <section className="capacity" aria-labelledby="capacity-heading">
      <h3 id="capacity-heading">{t('capacity.heading')}</h3>
      <div
        className="capacity__track"
        role="progressbar"
        aria-label={t('capacity.barLabel')}
        aria-valuemin={0}
        aria-valuemax={seats}
        aria-valuenow={taken}
        aria-valuetext={t('capacity.barValue', { taken, seats })}
      >
        <div className={`capacity__fill capacity__fill--${barLevel(capacity)}`} style={{ width: `${percent}%` }} />
      </div>
      <p className="capacity__counts">{t('capacity.counts', { approved, pending, seats })}</p>
      <p className={`capacity__seats capacity__seats--${seatsLevel(open)}`}>
        {open === 0 ? t('capacity.none') : t('capacity.left', { count: open })}
      </p>
      {open > 0 && open <= LOW_SEATS_WARNING && <p className="capacity__warning">{t('capacity.low', { seats: open, count: open })}</p>}
    </section>
  );
}
