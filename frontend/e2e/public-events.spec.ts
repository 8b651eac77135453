import { expect, type Page, type Route, test } from '@playwright/test';

import { expectNoAxeViolations } from './axe';

// Against the real backend with its demo data (.ci/e2e runs `seed_demo`): three upcoming
// published events, among them the Legal Interpreting Workshop (5,000 Rwf).
const WORKSHOP = 'Legal Interpreting Workshop';
const COMMUNITY_DAY = 'Deaf Awareness Community Day';

test.beforeEach(async ({ context }) => {
  // Safety net: nothing leaves this machine (map tiles, share links, fonts...).
  await context.route(
    (url) => !['127.0.0.1', 'localhost'].includes(url.hostname),
    (route) => route.abort(),
  );
});

function eventCard(page: Page, title: string) {
  return page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
}

const countdownSecondsValue = (page: Page) => page.locator('[data-unit="seconds"] .countdown__value');

async function countdownSeconds(page: Page): Promise<string> {
  return (await countdownSecondsValue(page).textContent()) ?? '';
}

test('a visitor finds an event, reads its details and goes on to register', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto('/events');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Upcoming Events');
  await expect(eventCard(page, WORKSHOP)).toBeVisible();
  await expect(eventCard(page, COMMUNITY_DAY)).toBeVisible();
  await expect(eventCard(page, WORKSHOP)).toContainText('RNUD Hall, Kacyiru, Kigali');
  await expectNoAxeViolations(page, '/events');

  // Search: case-insensitive over title, description and location (SPEC §5).
  const search = page.getByRole('searchbox', { name: 'Search events' });
  await search.fill('workshop');
  await expect(eventCard(page, WORKSHOP)).toBeVisible();
  await expect(eventCard(page, COMMUNITY_DAY)).toHaveCount(0);
  await search.fill('LEGAL interpreting');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(eventCard(page, WORKSHOP)).toBeVisible();
  await search.fill('no such event anywhere');
  await expect(page.getByText('No events found for "no such event anywhere"')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(search).toHaveValue('');
  await expect(eventCard(page, COMMUNITY_DAY)).toBeVisible();
  await search.fill('workshop');
  await page.getByRole('button', { name: 'Clear', exact: true }).click();
  await expect(eventCard(page, COMMUNITY_DAY)).toBeVisible();

  // Hold the map's code (and its settings, should they not be cached yet: the footer has
  // usually fetched them already) until the loading state has been seen: no fixed pause, which
  // a slow machine could outlast or a fast one make pointless.
  let releaseMap = () => {};
  const mapHeld = new Promise<void>((resolve) => {
    releaseMap = resolve;
  });
  const holdUntilReleased = async (route: Route) => {
    await mapHeld;
    await route.continue();
  };
  await page.route(/\/venue-map(-[\w-]+)?\.(js|tsx)(\?.*)?$/, holdUntilReleased);
  await page.route('**/api/config/', holdUntilReleased);
  await eventCard(page, WORKSHOP).getByRole('link', { name: /^View Details/ }).click();
  await expect(page).toHaveURL(/\/event\/\d+$/);
  const eventId = /\/event\/(\d+)$/.exec(page.url())?.[1];

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(WORKSHOP);
  await expect(page.getByText('5,000 Rwf')).toBeVisible();
  await expect(page.getByText('Interpreting in courts and police stations')).toBeVisible();
  await expect(page.getByText('Legal vocabulary in Rwandan Sign Language')).toBeVisible();

  // The venue map: its code loads as the visitor scrolls towards it (a first visit stays within
  // the JavaScript budget); loading text, then Leaflet; the address and directions also as text.
  await expect(page.getByText('Loading map...')).toBeAttached();
  await page.getByRole('region', { name: 'Venue' }).scrollIntoViewIfNeeded();
  await expect(page.getByText('Loading map...')).toBeVisible();
  releaseMap();
  await expect(page.locator('.leaflet-container')).toBeVisible();
  await expect(page.getByText('Loading map...')).toHaveCount(0);
  const venue = page.getByRole('region', { name: 'Venue' });
  await expect(venue.getByText('KG 2 Roundabout, Kimihurura, Kigali, Rwanda')).toBeVisible();
  await expect(venue.getByRole('link', { name: /^Get Directions/ }).first()).toHaveAttribute(
    'href',
    'https://www.google.com/maps/dir/?api=1&destination=-1.95,30.0587',
  );

  // The countdown ticks every second.
  await expect(countdownSecondsValue(page)).toHaveText(/^\d{2}$/);
  const before = await countdownSeconds(page);
  expect(before).toMatch(/^\d{2}$/);
  await expect.poll(() => countdownSeconds(page), { timeout: 2500, intervals: [250] }).not.toBe(before);

  await expectNoAxeViolations(page, `/event/${eventId}`);

  await page.getByRole('link', { name: 'Register Now' }).click();
  await expect(page).toHaveURL(new RegExp(`/registration\\?eventId=${eventId}$`));
  expect(errors).toEqual([]);
});

test('an event that is not published shows the Not Found text', async ({ page }) => {
  await page.goto('/event/999999');
  await expect(page.getByRole('alert')).toHaveText("Not Found! The event you're looking for doesn't exist.");
  await expectNoAxeViolations(page, '/event/999999');
});

test('the conference landing page shows its fixed programme, countdown and map', async ({ page }) => {
  await page.goto('/event');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pan-African Sign Language Interpreters Conference');
  await expect(page.getByText(/3-5 November \d{4}/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Sample agenda' }).getByRole('listitem')).toHaveCount(4);
  await expect(page.getByRole('link', { name: 'Register', exact: true })).toHaveAttribute('href', '/registration');
  await expect(page.locator('[data-unit="days"] .countdown__value')).toBeVisible();
  await page.getByRole('region', { name: 'Venue' }).scrollIntoViewIfNeeded();
  await expect(page.locator('.leaflet-container')).toBeVisible();
  await expectNoAxeViolations(page, '/event');
});
