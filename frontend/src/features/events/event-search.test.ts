import { describe, expect, it } from 'vitest';

import { searchEvents } from './event-search';
import { DEMO_PUBLIC_EVENTS } from './mocks/public-handlers';

const titles = (query: string) => searchEvents(DEMO_PUBLIC_EVENTS, query).map((event) => event.title);

describe('searchEvents (SPEC §5)', () => {
  it('keeps every event for a blank query', () => {
    expect(titles('')).toHaveLength(3);
    expect(titles('   ')).toHaveLength(3);
  });

  it('matches the title, the description or the location, ignoring case', () => {
    expect(titles('WORKSHOP')).toEqual(['Legal Interpreting Workshop', 'Pan-African Sign Language Interpreters Conference']);
    expect(titles('taster class')).toEqual(['Deaf Awareness Community Day']);
    expect(titles('kiyovu')).toEqual(['Legal Interpreting Workshop']);
  });

  it('finds nothing for an unknown word', () => {
    expect(titles('zumba')).toEqual([]);
  });
});
