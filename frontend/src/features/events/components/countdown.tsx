import { useEffect, useId, useState } from 'react';

import { countdownParts, type CountdownParts } from '../../../lib/countdown';
import { useTranslation } from '../../../lib/use-translation';

/** SPEC §9: the countdown ticks every second. */
export const COUNTDOWN_TICK_MS = 1000;

const UNITS: (keyof CountdownParts)[] = ['days', 'hours', 'minutes', 'seconds'];

/**
 * A live countdown to `target` in days, hours, minutes and seconds; once reached,
 * 'The event has started or ended.' The ticking figures are hidden from screen readers
 * (announcing every second would be noise); they get a summary to the minute instead, and
 * the end is announced politely.
 */
export function Countdown({ target }: { target: Date | null }) {
  const { t } = useTranslation('events');
  const headingId = useId();
  const [now, setNow] = useState(() => Date.now());
  const parts = target ? countdownParts(target, now) : null;
  const running = parts !== null;

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [running]);

  return (
    <section className="countdown" aria-labelledby={headingId}>
      <h2 id={headingId} className="countdown__heading">
        {t('countdown.heading')}
      </h2>
      {parts && (
        <>
          <div className="countdown__units" role="timer" aria-live="off" aria-hidden="true">
            {UNITS.map((unit) => (
              <div key={unit} className="countdown__unit" data-unit={unit}>
                <span className="countdown__value">{String(parts[unit]).padStart(2, '0')}</span>
                <span className="countdown__label">{t(`countdown.${unit}`)}</span>
              </div>
            ))}
          </div>
          <p className="visually-hidden">{t('countdown.summary', { ...parts })}</p>
        </>
      )}
      <p className="countdown__ended" role="status">
        {parts ? '' : t('countdown.ended')}
      </p>
    </section>
  );
}
