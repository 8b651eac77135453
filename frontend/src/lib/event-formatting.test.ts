import { describe, expect, it } from 'vitest';

import { countdownParts, eventStart, nextAnnualDay } from './countdown';
import { directionsUrl, phoneHref } from './event-defaults';
import { EVENT_IMAGE_IDS, eventImage } from './event-images';
import { formatDate, formatTime } from './format-date';
import { formatPrice } from './format-price';
import { nameInitials } from './initials';
import { shareLinks } from './share-links';

describe('event card and page formatting', () => {
  it('shows an event date in long US format', () => {
    expect(formatDate('2027-03-10', 'long')).toBe('March 10, 2027');
  });

  it('shows Free for 0 or no price, else the amount with separators and Rwf', () => {
    expect(formatPrice(0)).toBe('Free');
    expect(formatPrice(null)).toBe('Free');
    expect(formatPrice(15000)).toBe('15,000 Rwf');
  });

  it.each([
    ['09:00:00', /^9:00\sAM$/],
    ['14:30', /^2:30\sPM$/],
    ['00:00:00', /^12:00\sAM$/],
  ])('shows the time %s as people read it', (value, expected) => {
    expect(formatTime(value)).toMatch(expected);
  });

  it.each([null, undefined, '', '25:00', 'noon'])('gives no time for %j', (value) => {
    expect(formatTime(value)).toBe('');
  });
});

describe('countdown', () => {
  it('starts an event at its date and time, in local time', () => {
    expect(eventStart('2027-03-10', '08:30:15')).toEqual(new Date(2027, 2, 10, 8, 30, 15));
    expect(eventStart('2027-03-10', '08:30')).toEqual(new Date(2027, 2, 10, 8, 30, 0));
  });

  it('defaults the time to 00:00:00', () => {
    expect(eventStart('2027-03-10', null)).toEqual(new Date(2027, 2, 10, 0, 0, 0));
    expect(eventStart('2027-03-10')).toEqual(new Date(2027, 2, 10, 0, 0, 0));
  });

  it('gives no start for an unreadable date', () => {
    expect(eventStart('', '08:00')).toBeNull();
    expect(eventStart(undefined)).toBeNull();
  });

  it('splits the time left into days, hours, minutes and seconds', () => {
    const target = new Date(2027, 2, 10, 9, 0, 0);
    const now = new Date(2027, 2, 8, 6, 58, 55);
    expect(countdownParts(target, now)).toEqual({ days: 2, hours: 2, minutes: 1, seconds: 5 });
    expect(countdownParts(target, target.getTime() - 1000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
  });

  it('counts whole seconds: 1.5 s left shows 1 second', () => {
    const target = new Date(2027, 2, 10);
    expect(countdownParts(target, target.getTime() - 1500)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
  });

  it('is over (null) at the start time and after it', () => {
    const target = new Date(2027, 2, 10, 9);
    expect(countdownParts(target, target)).toBeNull();
    expect(countdownParts(target, target.getTime() + 60_000)).toBeNull();
  });

  it('finds the next 3 November: this year before it, next year from it on', () => {
    expect(nextAnnualDay(11, 3, new Date(2026, 5, 1))).toEqual(new Date(2026, 10, 3));
    expect(nextAnnualDay(11, 3, new Date(2026, 10, 3, 0, 0, 0))).toEqual(new Date(2027, 10, 3));
    expect(nextAnnualDay(11, 3, new Date(2026, 10, 22))).toEqual(new Date(2027, 10, 3));
  });
});

describe('event images', () => {
  it('has the six preset pictures with their labels', () => {
    expect(EVENT_IMAGE_IDS).toEqual(['conference1', 'workshop1', 'seminar1', 'panafrica1', 'afsli1', 'kcc1']);
    expect(EVENT_IMAGE_IDS.map((id) => eventImage(id).label)).toEqual([
      'Conference Hall',
      'Workshop',
      'Seminar',
      'Pan-African Event',
      'AFSLI Event',
      'Kigali Convention Center',
    ]);
    expect(new Set(EVENT_IMAGE_IDS.map((id) => eventImage(id).url)).size).toBe(6);
  });

  it.each(['unknown', '', null, undefined])('falls back to the first picture for %j', (id) => {
    expect(eventImage(id)).toEqual(eventImage('conference1'));
  });
});

describe('event helpers', () => {
  it('builds plain share links from the page address and title', () => {
    const links = shareLinks('https://rnslia.org.rw/event/2', 'Legal Interpreting Workshop');
    expect(links.facebook).toBe('https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Frnslia.org.rw%2Fevent%2F2');
    expect(links.x).toBe(
      'https://x.com/intent/post?url=https%3A%2F%2Frnslia.org.rw%2Fevent%2F2&text=Legal%20Interpreting%20Workshop',
    );
    expect(links.whatsapp).toBe('https://wa.me/?text=Legal%20Interpreting%20Workshop%20https%3A%2F%2Frnslia.org.rw%2Fevent%2F2');
    expect(links.linkedin).toBe(
      'https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Frnslia.org.rw%2Fevent%2F2',
    );
    expect(links.email).toBe(
      'mailto:?subject=Legal%20Interpreting%20Workshop&body=Legal%20Interpreting%20Workshop%0Ahttps%3A%2F%2Frnslia.org.rw%2Fevent%2F2',
    );
  });

  it('makes speaker initials without titles', () => {
    expect(nameInitials('Dr. Aline Uwase')).toBe('AU');
    expect(nameInitials('Jean Bosco Niyonzima')).toBe('JN');
    expect(nameInitials('claudine')).toBe('C');
    expect(nameInitials('  ')).toBe('');
  });

  it('links directions and phone numbers', () => {
    expect(directionsUrl(-1.95, 30.0587)).toBe('https://www.google.com/maps/dir/?api=1&destination=-1.95,30.0587');
    expect(phoneHref('+250 788 000 111')).toBe('tel:+250788000111');
  });
});
