import { expect, type Page } from '@playwright/test';

// Every public route of SPEC §2 with the heading a visitor sees there (in English).
export const PUBLIC_ROUTES: [path: string, heading: string][] = [
  ['/', 'Building an Inclusive Future, Together'],
  ['/services', 'Our Services'],
  ['/events', 'Upcoming Events'],
  ['/about', 'About Us'],
  ['/contact', 'Contact Us'],
  ['/registration', 'Event Registration'],
  ['/my-registration', 'Your registration'],
  ['/events/past', 'Past Events'],
  ['/membership', 'Membership Application'],
  ['/my-membership', 'My membership'],
  // The link confirming a member's new address, opened without its token: the refusal.
  ['/my-membership/email', 'Your new e-mail address'],
  ['/mentorshipdetail', 'Mentorship Programme'],
  ['/Resources', 'Resources'],
  ['/Updates', 'Updates'],
  ['/privacy', 'Privacy'],
  // A card's verification (/verify/{code}): a made-up code, so its not-found answer.
  ['/verify/not-a-card-code-0000000', 'Verification'],
  // The interpreter directory (features/interpreting), with its district map and list.
  ['/interpreters', 'Find an interpreter'],
  // Requests for an interpreter: the form, the public counts, and the e-mailed links' pages
  // opened without their token (their refusal).
  ['/request-interpreter', 'Request an interpreter'],
  ['/interpreting', 'Interpreting in numbers'],
  ['/interpreter-offer', 'An interpreting assignment'],
  ['/interpreter-request/cancel', 'Cancel a request for an interpreter'],
];

// What a public page shows while a part of it is still loading: spinners, the placeholders of the
// association's contacts, the events list's and the venue map's loading texts.
export const STILL_LOADING =
  '.spinner, .loading-text, .events-page__state, .venue-map__loading[role="status"], .interpreters-page__state[role="status"], .district-map__state[role="status"]';

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

/**
 * Nothing wider than the screen: the page does not scroll sideways, and no heading or button has
 * text running past its own box (cut off, or over its neighbours).
 */
export async function expectNothingOverflows(page: Page, label: string) {
  const overflowing = await page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) found.push(`the page (${root.scrollWidth}px wide)`);
    if (document.body.scrollWidth > document.body.clientWidth) found.push(`the body (${document.body.scrollWidth}px)`);
    for (const element of document.querySelectorAll<HTMLElement>('h1, h2, h3, button, .button')) {
      // Not shown, screen-reader only (1 px boxes) or inline (no box of its own to overflow).
      if (element.getClientRects().length === 0 || element.closest('.visually-hidden, [hidden]')) continue;
      if (element.clientWidth <= 1 || getComputedStyle(element).display === 'inline') continue;
      if (element.scrollWidth > element.clientWidth + 1) {
        found.push(`${element.tagName.toLowerCase()} "${element.textContent?.trim().slice(0, 40)}" (${element.scrollWidth}px in ${element.clientWidth}px)`);
      }
    }
    return found;
  });
  expect(overflowing, `${label} overflows at ${page.viewportSize()?.width}px`).toEqual([]);
}
