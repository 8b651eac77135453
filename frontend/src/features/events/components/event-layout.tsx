import type { ReactNode } from 'react';

import { Countdown } from './countdown';

interface Props {
  hero: ReactNode;
  /** When the countdown runs out. */
  start: Date | null;
  /** The side column's blocks, under the countdown. */
  aside: ReactNode;
  /** False for a cancelled event: nothing to count down to. */
  countdown?: boolean;
  children: ReactNode;
}

/** An event page: the hero, then the content beside a column with the countdown. */
export function EventLayout({ hero, start, aside, countdown = true, children }: Props) {
  return (
    <article className="event-page">
      {hero}
      <div className="container event-page__layout">
        <div className="event-page__main">{children}</div>
        <div className="event-page__aside">
          {countdown && (
            <div className="card event-aside">
              <Countdown target={start} />
            </div>
          )}
          {aside}
        </div>
      </div>
    </article>
  );
}
