import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { publishedEvent, staffToken } from './admin';
import { expectNoAxeViolations } from './axe';
import { solvedChallenge } from './challenge';
import { expectNothingOverflows, waitForPublicPage } from './routes';
import { keepScreenshot } from './screenshots';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const PHONE = { width: 390, height: 844 };

test.beforeEach(async ({ context }) => {
  // Nothing leaves this machine (map tiles, directions): the map's tiles are a local 404 anyway.
  await context.route(
    (url) => !['127.0.0.1', 'localhost'].includes(url.hostname),
    (route) => route.abort(),
  );
});

/** A sign-up through the public API (the bot challenge solved as the page would); its id. */
async function signUp(request: APIRequestContext, eventId: number, name: string): Promise<number> {
  const stamp = String(Date.now()).slice(-6);
  const response = await request.post(`/api/management/events/${eventId}/register/`, {
    headers: await solvedChallenge(request),
    data: {
      full_name: name,
      email: `ticket-holder-${stamp}@example.com`,
      phone: `+25078${stamp}1`,
      preferred_language: 'English',
      disability: 'None',
      agree_to_terms: true,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { registration: { id: number } }).registration.id;
}

/** Staff decide on the registration through the API, as the payment desk does. */
async function decide(request: APIRequestContext, registrationId: number, status: 'Approved' | 'Rejected') {
  const response = await request.post(`/api/management/registrations/${registrationId}/update-status/`, {
    headers: { Authorization: `Bearer ${await staffToken(request)}` },
    data: { registration_status: status, transaction_id: `MP-${Date.now()}`, payment_method: 'Mobile Money' },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * The ticket's code, as the holder's e-mail carries it: read from this run's database by the
 * server's own function (the code is kept sealed; no API hands it out).
 */
function ticketCode(registrationId: number): string {
  const code = [
    'from services.registrations.tickets import ticket_code',
    `print(ticket_code(${registrationId}))`,
  ].join('\n');
  const out = execFileSync('.venv/bin/python', ['manage.py', 'shell', '-v0', '-c', code], {
    cwd: REPO,
    env: process.env,
    stdio: 'pipe',
  });
  const ticket = out.toString().trim();
  expect(ticket).toMatch(/^[\w-]{22,}$/);
  return ticket;
}

/** The QR code's box, checked to lie wholly within the phone's screen. */
async function expectQrOnScreen(page: Page) {
  const qr = page.getByRole('img', { name: 'QR code of your ticket' });
  await expect(qr).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await qr.boundingBox();
  if (!box) throw new Error('The QR code has no box');
  expect(box.width, 'QR code wide enough to scan at the door').toBeGreaterThanOrEqual(250);
  expect(Math.abs(box.width - box.height)).toBeLessThanOrEqual(1);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  // On the first screen: the holder shows it without scrolling.
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
  // Black on white, the server's drawing (one path of modules over a white square).
  await expect(qr.locator('svg path[stroke="#000"]')).toHaveCount(1);
  await expect(qr.locator('svg path[fill="#fff"]')).toHaveCount(1);
}

test('a holder opens their ticket on a phone: the QR code fits the screen, it adds to a calendar; once rejected it says so', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const title = `Journey Ticket ${Date.now()}`;
  const eventId = await publishedEvent(request, {
    title,
    price: 3000,
    location: 'Kigali Convention Centre, KG 2 Roundabout',
    latitude: '-1.954722',
    longitude: '30.093889',
  });
  const registrationId = await signUp(request, eventId, 'Ticket Holder');
  await decide(request, registrationId, 'Approved');
  const code = ticketCode(registrationId);

  // 1. The holder opens the ticket on their phone, with no account.
  await page.setViewportSize(PHONE);
  await page.goto(`/ticket/${code}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your ticket');
  await expect(page.getByRole('heading', { name: 'Your seat is confirmed' })).toBeFocused();
  await expect(page).toHaveTitle('Your ticket | RNSLIA');
  await expectQrOnScreen(page);
  const ticket = page.getByRole('article');
  await expect(ticket.getByRole('heading', { name: title })).toBeVisible();
  await expect(ticket.getByText('Ticket Holder')).toBeVisible();
  await expect(ticket.getByText('Kigali Convention Centre, KG 2 Roundabout')).toBeVisible();
  await keepScreenshot(page, testInfo, 'ticket-390');

  // The calendar button is the e-mail's invite.
  const calendar = page.getByRole('link', { name: 'Add to calendar' });
  const invite = await request.get((await calendar.getAttribute('href')) ?? '');
  expect(invite.status()).toBe(200);
  expect(invite.headers()['content-type']).toContain('text/calendar');
  expect(await invite.text()).toContain(`SUMMARY:${title}`);

  // The venue and its map, lazily, as on the event page; then the whole page at rest.
  await waitForPublicPage(page);
  await expect(page.getByRole('region', { name: 'Venue' }).locator('.leaflet-container')).toBeVisible();
  await expectNothingOverflows(page, 'the ticket page');
  await expectNoAxeViolations(page, 'ticket page (390 px)');
  await page.setViewportSize({ width: 1280, height: 800 });
  await keepScreenshot(page, testInfo, 'ticket-1280');
  await expectNoAxeViolations(page, 'ticket page (1280 px)');

  // 2. Staff reject the registration: the same link now says the ticket is not valid, and has no code to scan.
  await decide(request, registrationId, 'Rejected');
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'This ticket is not valid' })).toBeFocused();
  await expect(page.getByText('The registration was rejected: this ticket does not let anyone in.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code of your ticket' })).toHaveCount(0);
  await expect(page.locator('svg path[stroke="#000"]')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Add to calendar' })).toHaveCount(0);
  await waitForPublicPage(page);
  await expectNothingOverflows(page, 'a rejected ticket');
  await expectNoAxeViolations(page, 'rejected ticket');
  await keepScreenshot(page, testInfo, 'ticket-rejected-390');

  // 3. A code that is no ticket: one clear answer.
  await page.goto(`/ticket/${code.slice(0, -2)}xx`);
  await expect(page.getByRole('alert')).toHaveText('This ticket was not found. Please check the link in your e-mail.');
  await expectNoAxeViolations(page, 'unknown ticket');
  expect(errors).toEqual([]);
});
