import { expect, type Page, type Route, test } from '@playwright/test';

import { publishedEvent, staffToken } from './admin';
import { expectNoAxeViolations } from './axe';
import { keepScreenshot } from './screenshots';

// Against the real backend with its demo data (.ci/e2e runs `seed_demo`): three upcoming
// published events, among them the Legal Interpreting Workshop (5,000 Rwf), each at its own place.
const WORKSHOP = 'Legal Interpreting Workshop';
const COMMUNITY_DAY = 'Deaf Awareness Community Day';
const CONFERENCE = 'Pan-African Sign Language Interpreters Conference';
const WORKSHOP_PLACE = 'Hôtel des Mille Collines, KN 6 Ave, Kiyovu, Kigali';
const directions = (lat: string, lng: string) => `https://www.google.com/maps/dir/?api=1&destination=${lat},${lng}`;

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
  await expect(eventCard(page, WORKSHOP)).toContainText(WORKSHOP_PLACE);
  await expect(eventCard(page, WORKSHOP)).toContainText('5,000 Rwf');
  await expect(eventCard(page, WORKSHOP)).toContainText(/\d+ seats? left/);
  await expect(eventCard(page, WORKSHOP)).not.toContainText('Published'); // no staff badge
  await expect(eventCard(page, COMMUNITY_DAY)).toContainText('Free');
  await expect(eventCard(page, WORKSHOP).getByRole('link', { name: /^Register now/ })).toBeVisible();
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
  // The workshop's own place: its address, its map and directions to it.
  const venue = page.getByRole('region', { name: 'Venue' });
  await expect(venue.getByText(WORKSHOP_PLACE)).toBeVisible();
  await expect(venue.getByRole('link', { name: /^Get Directions/ }).first()).toHaveAttribute(
    'href',
    directions('-1.9469', '30.0619'),
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

test("each event shows its own venue; one without a place shows its location text and no map", async ({ page, request }) => {
  // Another demo event: another place, other directions (no venue is shared by default).
  await page.goto('/events');
  await eventCard(page, CONFERENCE).getByRole('link', { name: /^View Details/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(CONFERENCE);
  const venue = page.getByRole('region', { name: 'Venue' });
  await venue.scrollIntoViewIfNeeded();
  await expect(venue.getByText('Kigali Convention Centre, KG 2 Roundabout, Kimihurura, Kigali')).toBeVisible();
  await expect(venue.getByRole('link', { name: /^Get Directions/ }).first()).toHaveAttribute(
    'href',
    directions('-1.954722', '30.093889'),
  );
  await expect(page.locator('.leaflet-container')).toBeVisible();
  // Its own call for abstracts; the workshop has none.
  await expect(page.getByRole('link', { name: /^Call For Abstract/ })).toHaveAttribute(
    'href',
    'https://www.rnslia.org.rw/call-for-abstracts',
  );

  const id = await publishedEvent(request, { title: 'Sign Language Online Evening', location: 'Online (link sent by e-mail)' });
  await page.goto(`/event/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign Language Online Evening');
  const noPlace = page.getByRole('region', { name: 'Venue' });
  await noPlace.scrollIntoViewIfNeeded();
  await expect(noPlace).toContainText('Online (link sent by e-mail)');
  await expect(noPlace.getByRole('link')).toHaveCount(0);
  await expect(page.locator('.leaflet-container, .venue-map__loading')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Call for abstracts' })).toHaveCount(0);
  await expectNoAxeViolations(page, `/event/${id}`);
});

test('past events have an archive, newest first; the old /event page goes to /events', async ({ page }) => {
  await page.goto('/event');
  await expect(page).toHaveURL(/\/events$/);
  await page.getByRole('link', { name: 'See past events' }).click();
  await expect(page).toHaveURL(/\/events\/past$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Past Events');
  // The demo's completed events, the most recent first (12, 40, 75 and 150 days ago).
  const titles = page.getByRole('article').getByRole('heading', { level: 2 });
  await expect(titles).toHaveText([
    'Medical Interpreting Masterclass',
    'Annual General Meeting 2026',
    'Deaf Culture and History Seminar',
    'Interpreters Networking Evening',
  ]);
  await expect(page.getByRole('article').getByRole('link', { name: /^Register/ })).toHaveCount(0);
  await expectNoAxeViolations(page, '/events/past');
});

test("a cancelled event's page stays reachable by its link and says Cancelled, with no Register button", async ({
  page,
  request,
}) => {
  const token = await staffToken(request);
  const response = await request.get('/api/management/events/?status=Cancelled', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const cancelled = ((await response.json()) as { id: number; title: string }[]).find(
    (event) => event.title === 'Interpreting for Television Training',
  );
  expect(cancelled, 'the demo data has a cancelled event').toBeTruthy();
  await page.goto(`/event/${cancelled?.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Interpreting for Television Training');
  await expect(page.getByText('This event will not take place. Registration is closed.')).toBeVisible();
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: /Register|waiting list/ })).toHaveCount(0);
  await expectNoAxeViolations(page, `/event/${cancelled?.id}`);
});

test('the countdown labels fit at 390 px in every language', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/events');
  await eventCard(page, WORKSHOP).getByRole('link', { name: /^View Details/ }).click();
  const eventPath = new URL(page.url()).pathname;
  for (const language of ['en', 'rw', 'fr', 'sw']) {
    await page.evaluate((chosen) => window.localStorage.setItem('language', chosen), language);
    await page.goto(eventPath);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const countdown = page.locator('.countdown');
    await expect(countdown.locator('[data-unit="seconds"] .countdown__value')).toHaveText(/^\d{2}$/);
    // Each label stays inside its own box: not cut off, not over its neighbour.
    const problems = await countdown.evaluate((element) =>
      Array.from(element.querySelectorAll<HTMLElement>('.countdown__unit')).flatMap((unit) => {
        const label = unit.querySelector<HTMLElement>('.countdown__label');
        if (!label) return ['a unit without its label'];
        const box = unit.getBoundingClientRect();
        const own = label.getBoundingClientRect();
        const fits = label.scrollWidth <= label.clientWidth + 1 && own.left >= box.left - 0.5 && own.right <= box.right + 0.5;
        return fits ? [] : [`"${label.textContent}" (${Math.round(own.width)}px in ${Math.round(box.width)}px)`];
      }),
    );
    expect(problems, `countdown labels in ${language}`).toEqual([]);
    await countdown.scrollIntoViewIfNeeded();
    const box = await countdown.boundingBox();
    if (box) await keepScreenshot(page, testInfo, `countdown-390-${language}`, { fullPage: false, clip: box });
  }
});
