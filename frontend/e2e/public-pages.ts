import { expect, type Page } from '@playwright/test';

// What a public page shows while a part of it is still loading: spinners, the placeholders of the
// association's contacts, the events list's and the venue map's loading texts.
export const STILL_LOADING = '.spinner, .loading-text, .events-page__state, .venue-map__loading[role="status"]';

/**
 * Waits until the page's fetched content is in place (event cards, contacts, the map), not only
 * its heading: what arrives later is what could widen it or break axe. The venue map loads as the
 * visitor scrolls towards it: go there first.
 */
export async function waitForPublicPage(page: Page): Promise<void> {
  const venue = page.getByRole('region', { name: 'Venue', exact: true });
  if ((await venue.count()) > 0) await venue.scrollIntoViewIfNeeded();
  await expect(page.locator(STILL_LOADING)).toHaveCount(0);
}
