import type { PublicEvent } from './public-api';

/**
 * The upcoming-events search of SPEC §5: the events whose title, description or location
 * contains the query, ignoring case; a blank query keeps them all.
 */
export function searchEvents(events: readonly PublicEvent[], query: string): PublicEvent[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [...events];
  return events.filter((event) =>
    [event.title, event.description, event.location].some((text) => (text ?? '').toLocaleLowerCase().includes(needle)),
  );
}
