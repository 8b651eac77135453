/** Time left before a moment, in whole units, as a countdown shows it. */
export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

/**
 * When an event starts, in the visitor's local time: its 'yyyy-mm-dd' date at its
 * 'HH:MM[:SS]' time, midnight (00:00:00) when it has none. Null for an unreadable date.
 */
export function eventStart(date: string | null | undefined, time?: string | null): Date | null {
  const day = DATE_ONLY.exec(date ?? '');
  if (!day) return null;
  const clock = TIME.exec(time ?? '') ?? [];
  const start = new Date(
    Number(day[1]),
    Number(day[2]) - 1,
    Number(day[3]),
    Number(clock[1] ?? 0),
    Number(clock[2] ?? 0),
    Number(clock[3] ?? 0),
  );
  return Number.isNaN(start.getTime()) ? null : start;
}

/** Days, hours, minutes and seconds from `now` until `target`; null once it is reached. */
export function countdownParts(target: Date, now: Date | number = Date.now()): CountdownParts | null {
  const left = Math.floor((target.getTime() - new Date(now).getTime()) / 1000);
  if (!(left > 0)) return null;
  return {
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3_600),
    minutes: Math.floor((left % 3_600) / 60),
    seconds: left % 60,
  };
}

/** The next time a yearly day starts (local midnight): this year's if still ahead, else next year's. */
export function nextAnnualDay(month: number, day: number, now: Date | number = Date.now()): Date {
  const today = new Date(now);
  const thisYear = new Date(today.getFullYear(), month - 1, day);
  return thisYear.getTime() > today.getTime() ? thisYear : new Date(today.getFullYear() + 1, month - 1, day);
}
