import { expect, type Page } from '@playwright/test';

// Every public route of SPEC §2 with the heading a visitor sees there (in English).
export const PUBLIC_ROUTES: [path: string, heading: string][] = [
  ['/', 'Building an Inclusive Future, Together'],
  ['/services', 'Our Services'],
  ['/events', 'Upcoming Events'],
  ['/about', 'About Us'],
  ['/contact', 'Contact Us'],
  ['/registration', 'Event Registration'],
  ['/event', 'Pan-African Sign Language Interpreters Conference'],
  ['/membership', 'Membership Application'],
  ['/mentorshipdetail', 'Mentorship Programme'],
  ['/Resources', 'Resources'],
  ['/Updates', 'Updates'],
];

// What a public page shows while a part of it is still loading: spinners, the placeholders of the
// association's contacts, the events list's and the venue map's loading texts.
export const STILL_LOADING = '.spinner, .loading-text, .events-page__state, .venue-map__loading[role="status"]';

/**
 * Waits until the page's fetched content is in place (event cards, contacts, the map), not only
 * its heading: what arrives later is what could widen it or break axe. The venue map loads as the
 * visitor scrolls towards it: go there first (the section, not the map inside it).
 */
export async function waitForPublicPage(page: Page): Promise<void> {
  const venue = page.locator('section.venue'); // by its class: its name is in the page's language
  if ((await venue.count()) > 0) await venue.scrollIntoViewIfNeeded();
  await expect(page.locator(STILL_LOADING)).toHaveCount(0);
}
