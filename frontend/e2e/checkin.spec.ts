import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { publishedEvent, signIn, staffToken } from './admin';
import { expectNoAxeViolations } from './axe';
import { solvedChallenge } from './challenge';
import { expectNothingOverflows } from './routes';
import { keepScreenshot } from './screenshots';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const PHONE = { width: 390, height: 844 };

/** An Approved sign-up through the public API and the payment desk's API; its id. */
async function approvedSeat(request: APIRequestContext, eventId: number, name: string, phone: string): Promise<number> {
  const response = await request.post(`/api/management/events/${eventId}/register/`, {
    headers: await solvedChallenge(request),
    data: {
      full_name: name,
      email: `door-${phone.slice(-7)}@example.com`,
      phone,
      preferred_language: 'English',
      disability: 'None',
      needs_interpreter: true,
      agree_to_terms: true,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const id = ((await response.json()) as { registration: { id: number } }).registration.id;
  const decided = await request.post(`/api/management/registrations/${id}/update-status/`, {
    headers: { Authorization: `Bearer ${await staffToken(request)}` },
    data: { registration_status: 'Approved', transaction_id: `MP-${phone.slice(-7)}`, payment_method: 'Mobile Money' },
  });
  expect(decided.status(), await decided.text()).toBe(200);
  return id;
}

/** The ticket's code, as its holder's e-mail carries it (kept sealed; no API hands it out). */
function ticketCode(registrationId: number): string {
  const code = ['from services.registrations.tickets import ticket_code', `print(ticket_code(${registrationId}))`].join('\n');
  const out = execFileSync('.venv/bin/python', ['manage.py', 'shell', '-v0', '-c', code], { cwd: REPO, env: process.env, stdio: 'pipe' });
  return out.toString().trim();
}

// The second phone's volunteer signs out at the end, which ends every session of their user: not
// the demo admin's, which other journeys use at the same time (.ci/e2e makes this user).
const DOOR_STAFF = { username: 'door-staff', password: 'Door-Lights-2026' };

/** A staff member's phone: a context of its own, signed in, on the event's check-in screen, named. */
async function doorPhone(browser: Browser, eventId: number, name: string, account?: typeof DOOR_STAFF) {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  // Nothing leaves this machine.
  await context.route((url) => !['127.0.0.1', 'localhost'].includes(url.hostname), (route) => route.abort());
  const page = await context.newPage();
  await signIn(page, account);
  await page.goto(`/dashboard/checkin/${eventId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Check-in at the door' })).toBeVisible();
  await page.getByLabel("This phone's name").fill(name);
  await expect(page.getByText(/List on this phone: 4 tickets/)).toBeVisible();
  return { context, page };
}

const answer = (page: Page) => page.getByRole('region', { name: 'Answer' });
const waiting = (page: Page) => page.getByRole('status').filter({ hasText: /waiting to be sent/ });

async function typeCode(page: Page, code: string) {
  await page.getByLabel('Ticket code').fill(code);
  await page.getByRole('button', { name: 'Check in', exact: true }).click();
}

test('the door: a phone checks in three tickets offline and syncs them; a second phone gets "already checked in"', async ({
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const stamp = String(Date.now()).slice(-6);
  const eventId = await publishedEvent(request, { title: `Journey Door ${stamp}`, price: 3000 });
  const people = ['Aline Door', 'Bosco Door', 'Claire Door', 'Denis Door'];
  const phones = people.map((_name, i) => `+25078${stamp}${i}`);
  const codes: string[] = [];
  for (const [i, name] of people.entries()) codes.push(ticketCode(await approvedSeat(request, eventId, name, phones[i] ?? '')));
  const code = (i: number) => codes[i] ?? '';

  // 1. Before the doors open: phone A downloads the list (and its screen's files, for a reload offline).
  const a = await doorPhone(browser, eventId, 'Door A');
  await a.page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expectNoAxeViolations(a.page, 'check-in screen');
  await expectNothingOverflows(a.page, 'check-in screen at 390 px');

  // Phone B downloads it too.
  const b = await doorPhone(browser, eventId, 'Door B', DOOR_STAFF);

  // 2. The network fails. Phone A still starts, from its service worker, with its list.
  await a.context.setOffline(true);
  await a.page.reload();
  await expect(a.page.getByRole('heading', { level: 1, name: 'Check-in at the door' })).toBeVisible();
  await expect(a.page.getByText('Offline: scans are kept on this phone')).toBeVisible();
  await expect(a.page.getByText(/List on this phone: 4 tickets/)).toBeVisible();

  // Three people come in: a code typed in, the QR code's address, a search by phone.
  await typeCode(a.page, code(0));
  await expect(answer(a.page)).toContainText('Welcome, Aline Door');
  await expect(answer(a.page)).toContainText('Needs a sign language interpreter');
  await keepScreenshot(a.page, testInfo, 'checkin-green-390');
  await typeCode(a.page, `${baseURL}/ticket/${code(1)}`);
  await expect(answer(a.page)).toContainText('Welcome, Bosco Door');
  await a.page.getByRole('searchbox', { name: 'Search by name, phone or reference' }).fill(`0${(phones[2] ?? '').slice(4)}`);
  await a.page.getByRole('button', { name: 'Check in Claire Door' }).click();
  await expect(answer(a.page)).toContainText('Welcome, Claire Door');
  await expect(waiting(a.page)).toHaveText('3 scans waiting to be sent');
  // The same ticket again on this phone: the first scan here wins.
  await typeCode(a.page, code(0));
  await expect(answer(a.page)).toContainText(/Already checked in at .+ \(Door A\)/);
  await expect(waiting(a.page)).toHaveText('4 scans waiting to be sent');
  // A code that is no ticket of this event.
  await typeCode(a.page, 'forged-code-0000000000000');
  await expect(answer(a.page)).toContainText('Not a ticket for this event');
  await keepScreenshot(a.page, testInfo, 'checkin-red-390');

  // 3. Phone B, offline too, lets Aline in again (a second door, no network between them).
  await b.context.setOffline(true);
  await typeCode(b.page, code(0));
  await expect(answer(b.page)).toContainText('Welcome, Aline Door');
  await expect(waiting(b.page)).toHaveText('1 scan waiting to be sent');

  // 4. Phone A's network comes back: everything is sent, and the server has three check-ins.
  await a.context.setOffline(false);
  await expect(waiting(a.page)).toHaveText('0 scans waiting to be sent', { timeout: 30_000 });
  const attendance = await request.get(`/api/management/events/${eventId}/attendance/`, {
    headers: { Authorization: `Bearer ${await staffToken(request)}` },
  });
  const counted = (await attendance.json()) as { checked_in: number; results: { full_name: string; device: string }[] };
  expect(counted.checked_in).toBe(3);
  expect(counted.results.map((row) => row.device)).toEqual(['Door A', 'Door A', 'Door A']);

  // 5. Phone B syncs later: the server says Aline was already in, through door A.
  await b.context.setOffline(false);
  await expect(waiting(b.page)).toHaveText('0 scans waiting to be sent', { timeout: 30_000 });
  await expect(answer(b.page)).toContainText(/Already checked in at .+ \(Door A\)/);
  await expect(answer(b.page)).toContainText('Confirmed by the server');
  await keepScreenshot(b.page, testInfo, 'checkin-amber-390');
  await expectNoAxeViolations(b.page, 'check-in screen, amber answer');

  // 6. A mistaken scan, undone: Denis is checked in, then undone on the server.
  await typeCode(a.page, code(3));
  await expect(answer(a.page)).toContainText('Welcome, Denis Door');
  await expect(waiting(a.page)).toHaveText('0 scans waiting to be sent', { timeout: 30_000 });
  await a.page.getByRole('button', { name: 'Undo this check-in' }).click();
  await expect(a.page.getByText('Check-in undone.')).toBeVisible();
  const after = await request.get(`/api/management/events/${eventId}/attendance/`, {
    headers: { Authorization: `Bearer ${await staffToken(request)}` },
  });
  expect(((await after.json()) as { checked_in: number }).checked_in).toBe(3);

  // The event's registrations page shows them and leads to the door's screen.
  await a.page.goto(`/dashboard/registrations/${eventId}`);
  await expect(a.page.getByRole('link', { name: 'Door check-in' })).toHaveAttribute('href', `/dashboard/checkin/${eventId}`);
  // The door's service worker stays out of the public site, even on a phone that has it.
  await a.page.goto('/events');
  await expect(a.page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await a.page.evaluate(() => navigator.serviceWorker.controller === null)).toBe(true);
  expect(await a.page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).map((r) => new URL(r.scope).pathname))).toEqual([
    '/dashboard/checkin/',
  ]);
  await a.context.close();

  // 7. Phone B's volunteer signs out: the phone keeps no list of people, nor the answered scans
  // with their names and needs (lib/door-data.ts).
  const kept = () =>
    b.page.evaluate(async () => {
      const opening = indexedDB.open('checkin');
      const database = await new Promise<IDBDatabase>((resolve, reject) => {
        opening.onsuccess = () => resolve(opening.result);
        opening.onerror = () => reject(opening.error);
      });
      const count = (store: string) =>
        new Promise<number>((resolve) => {
          const request = database.transaction(store).objectStore(store).count();
          request.onsuccess = () => resolve(request.result);
        });
      const counts = { lists: await count('lists'), scans: await count('scans') };
      database.close();
      return counts;
    });
  expect(await kept()).toEqual({ lists: 1, scans: 1 });
  await b.page.goto('/dashboard');
  await b.page.getByRole('button', { name: 'Account menu' }).click();
  await b.page.getByRole('button', { name: 'Sign out' }).click();
  await expect(b.page).toHaveURL(/\/adminlogin$/);
  await expect.poll(kept).toEqual({ lists: 0, scans: 0 });
  await b.context.close();
});
