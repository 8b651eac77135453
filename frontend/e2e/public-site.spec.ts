import { expect, type Page, test } from '@playwright/test';

import { expectNoAxeViolations } from './axe';
import { expectNothingOverflows, waitForPublicPage } from './routes';
import { keepScreenshot, SCREENSHOTS } from './screenshots';

const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

// Every public route of SPEC §2, the lower-case /resources and /updates included; `{id}` is a
// published event of the demo data (.ci/e2e runs `seed_demo`).
const ROUTES = [
  '/',
  '/services',
  '/events',
  '/about',
  '/contact',
  '/registration?eventId={id}',
  '/events/past',
  '/event/{id}',
  '/membership',
  '/mentorshipdetail',
  '/Resources',
  '/Updates',
  '/resources',
  '/updates',
  '/privacy',
  '/interpreters',
  '/request-interpreter',
  '/interpreting',
];

let eventId = '';

test.beforeAll(async ({ request }) => {
  const response = await request.get('/api/management/public-events/');
  expect(response.ok()).toBe(true);
  const events = (await response.json()) as { id: number }[];
  expect(events.length, 'the demo data has published events').toBeGreaterThan(0);
  eventId = String(events[0]?.id);
});

test.beforeEach(async ({ context }) => {
  // Nothing leaves this machine (partner websites, map tiles, share links).
  await context.route(
    (url) => !['127.0.0.1', 'localhost'].includes(url.hostname),
    (route) => route.abort(),
  );
});

/** A file name for a route: `/registration?eventId=3` → `registration-eventId-3`. */
function fileName(route: string): string {
  return route.replace(/^\//, '').replace(/[^A-Za-z0-9]+/g, '-').replace(/-$/, '') || 'home';
}

/** Every picture in place, also those that wait to be scrolled to. */
async function loadAllImages(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const image of document.querySelectorAll('img[loading="lazy"]')) image.setAttribute('loading', 'eager');
  });
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
}

for (const { name, width, height } of WIDTHS) {
  test.describe(`at ${name} width (${width}px)`, () => {
    test.use({ viewport: { width, height } });

    for (const template of ROUTES) {
      test(`${template} fits the screen and passes axe`, async ({ page }, testInfo) => {
        const route = template.replace('{id}', eventId);
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));

        await page.goto(route);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()}`);
        await waitForPublicPage(page);
        await loadAllImages(page); // widths and axe judged with every picture in place

        await expectNothingOverflows(page, route);
        await expectNoAxeViolations(page, `${route} at ${width}px`);
        expect(errors).toEqual([]);

        if (SCREENSHOTS) {
          // At rest at the top for the picture (the bar not stuck, the partner strip at its start).
          await page.evaluate(() => window.scrollTo(0, 0));
          await keepScreenshot(page, testInfo, `${fileName(template)}-${name}`, { animations: 'disabled' });
        }
      });
    }
  });
}

test.describe('partner strip', () => {
  const track = (page: Page) => page.getByRole('list', { name: 'Partner logos' });
  const animationState = (page: Page) =>
    track(page).evaluate((element) => element.getAnimations().map((animation) => animation.playState));

  test('moves, and stops for good on Pause (WCAG 2.2.2)', async ({ page }) => {
    await page.goto('/');
    await expect.poll(() => animationState(page)).toEqual(['running']);
    // The loop's second lap is there for the eye only.
    await expect(track(page).getByRole('img')).toHaveCount(8);
    await expect(track(page).locator('li')).toHaveCount(16);

    await page.getByRole('button', { name: 'Pause the moving partner logos' }).click();
    await expect.poll(() => animationState(page)).toEqual(['paused']);
    await expect(page.getByRole('button', { name: 'Play the moving partner logos' })).toBeVisible();

    await page.getByRole('button', { name: 'Play the moving partner logos' }).click();
    await expect.poll(() => animationState(page)).toEqual(['running']);
  });

  test('stands still, each logo once, when the visitor asks for reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await expect(track(page).getByRole('img')).toHaveCount(8);
    await expect(track(page).locator('li')).toHaveCount(8);
    expect(await animationState(page)).toEqual([]);
    await expect(page.getByRole('button', { name: /partner logos/ })).toHaveCount(0);
  });
});

test.describe('navigation bar', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('sticks to the top once scrolled past its height, with its menu at most 500px tall', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Us');
    const bar = page.locator('.site-header__bar');
    const barHeight = (await bar.boundingBox())?.height ?? 0;

    await page.evaluate((y) => window.scrollTo(0, y), barHeight / 2);
    await expect(bar).not.toHaveClass(/--stuck/);
    await page.evaluate((y) => window.scrollTo(0, y), barHeight + 200);
    await expect(bar).toHaveClass(/--stuck/);
    await expect.poll(async () => (await bar.boundingBox())?.y).toBe(0);

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(menu.getByRole('link', { name: 'Contact Us' })).toBeVisible();
    expect((await menu.boundingBox())?.height).toBeLessThanOrEqual(500);
    // A taller bar (menu open) stays stuck while the page scrolls on.
    await page.evaluate((y) => window.scrollTo(0, y), barHeight + 300);
    await expect(bar).toHaveClass(/--stuck/);

    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(bar).not.toHaveClass(/--stuck/);
  });
});
