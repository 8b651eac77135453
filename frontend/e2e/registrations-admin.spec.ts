import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { publishedEvent, signIn, staffToken, toasts } from './admin';
import { expectNoAxeViolations } from './axe';
import { solvedChallenge } from './challenge';
import { mailsTo } from './mail';
import { expectNothingOverflows } from './routes';
import { keepScreenshot } from './screenshots';

const MAIL_DIR = process.env.E2E_MAIL_DIR ?? '';
const REPO = fileURLToPath(new URL('../..', import.meta.url));

interface Person {
  name: string;
  email: string;
  phone: string;
}

const RUN = String(Date.now()).slice(-5);
let visitors = 0;

/** Visitors of one run: distinct names, addresses and Rwandan mobile numbers. */
function people(prefix: string, count: number): Person[] {
  return Array.from({ length: count }, (_, index) => {
    visitors += 1;
    return {
      name: `${prefix} ${index + 1}`,
      email: `${prefix.toLowerCase().replace(/\W+/g, '-')}-${index + 1}-${RUN}@example.com`,
      phone: `+25078${RUN}${String(visitors).padStart(2, '0')}`,
    };
  });
}

/** The public form's answers of a person, as the registration page sends them. */
const formOf = (person: Person) => ({
  full_name: person.name,
  email: person.email,
  phone: person.phone,
  preferred_language: 'English',
  disability: 'None',
  agree_to_terms: true,
});

/** A sign-up through the public API, with the bot challenge solved as the page would. */
async function signUp(request: APIRequestContext, eventId: number, person: Person): Promise<number> {
  const response = await request.post(`/api/management/events/${eventId}/register/`, {
    headers: await solvedChallenge(request),
    data: formOf(person),
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { registration: { id: number } }).registration.id;
}

/** A place on the waiting list of a full event, through the public API. */
async function joinWaitlist(request: APIRequestContext, eventId: number, person: Person): Promise<void> {
  const response = await request.post(`/api/management/events/${eventId}/waitlist/`, {
    headers: await solvedChallenge(request),
    data: formOf(person),
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Opens the link of the person's first e-mail, as they would: their address is confirmed. */
async function confirmAddress(request: APIRequestContext, person: Person): Promise<void> {
  const [first] = await mailsTo(MAIL_DIR, person.email, 1);
  const token = /my-registration#token=([\w-]+)/.exec(first ?? '')?.[1];
  expect(token, `no confirmation link in the e-mail to ${person.email}`).toBeTruthy();
  const response = await request.post('/api/my-registration/', { data: { token } });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * A sign-up whose confirmation hold has run out. No API ends a hold early and the journeys cannot
 * wait SIGNUP_CONFIRM_MINUTES, so the hold's end is moved to a minute ago in this run's database,
 * and the sweep's own service (what beat runs every minute) ends it as Expired.
 */
function expireHold(registrationId: number): void {
  const code = [
    'from datetime import timedelta',
    'from django.utils import timezone',
    'from services.registrations.models import Registration',
    'from services.registrations.deadlines import holds_expire',
    `Registration.objects.filter(pk=${registrationId}).update(hold_expires_at=timezone.now() - timedelta(minutes=1))`,
    'holds_expire()',
    `assert Registration.objects.get(pk=${registrationId}).registration_status == "Expired"`,
  ].join('\n');
  execFileSync('.venv/bin/python', ['manage.py', 'shell', '-v0', '-c', code], { cwd: REPO, env: process.env, stdio: 'pipe' });
}

/** A ticket's code, read back as its e-mails read it (no API lists codes). */
function ticketCode(registrationId: number): string {
  const code = [
    'from services.registrations.tickets import ticket_code',
    `print(ticket_code(${registrationId}))`,
  ].join('\n');
  return execFileSync('.venv/bin/python', ['manage.py', 'shell', '-v0', '-c', code], { cwd: REPO, env: process.env, encoding: 'utf8' }).trim();
}

const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
const registrations = (page: Page) => page.getByRole('table', { name: 'Registrations' });
const waitlist = (page: Page) => page.getByRole('table', { name: 'Waiting list' });
/** How far each table's frame scrolls sideways (0 when its columns fit). */
const sideways = (page: Page) =>
  page.locator('.admin-table__frame').evaluateAll((frames) => frames.map((frame) => frame.scrollWidth - frame.clientWidth));
const placeOf = (page: Page, name: string) => waitlist(page).getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
/** A counter's figure: the value in the definition that follows its term (a note may follow it). */
const counter = (page: Page, term: string) =>
  page
    .getByRole('region', { name: 'Registration counts' })
    .locator('dt', { hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]')
    .locator("xpath=./span[@class='registration-counters__value'] | self::dd[not(span)]");

test('staff reject and cancel sign-ups in bulk, cancel one with a reason, and approve an expired one', async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  expect(MAIL_DIR, 'E2E_MAIL_DIR must be set').toBeTruthy();
  const title = `Journey Payment Desk ${Date.now()}`;
  const eventId = await publishedEvent(request, { title, price: 2000, maximum_attendees: 20 });
  const crowd = people('Bulk Visitor', 5);
  const [kept] = people('Kept Visitor', 1);
  const [late] = people('Late Visitor', 1);
  if (!kept || !late) throw new Error('No visitors');

  // 1. Seven visitors sign up: five never confirm, one confirms, one lets the hold run out.
  for (const person of crowd) await signUp(request, eventId, person);
  await signUp(request, eventId, kept);
  const lateId = await signUp(request, eventId, late);
  await confirmAddress(request, kept);
  await mailsTo(MAIL_DIR, late.email, 1); // the hold starts when the first e-mail goes out
  expireHold(lateId);

  // 2. The payment desk shows who confirmed, until when the others hold their seats, and why one expired.
  await signIn(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/dashboard/registrations/${eventId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(rowOf(page, kept.name)).toContainText('E-mail confirmed');
  await expect(rowOf(page, 'Bulk Visitor 1')).toContainText('E-mail not confirmed');
  await expect(rowOf(page, 'Bulk Visitor 1')).toContainText(/Seat held until /);
  await expect(rowOf(page, late.name)).toContainText('ExpiredNot confirmed in time');
  await expect(counter(page, 'Total Registrations')).toHaveText('6');
  await expect(counter(page, 'Pending Approval')).toHaveText('6');
  await expect(counter(page, 'Expired')).toHaveText('1');
  await expectNoAxeViolations(page, 'payment desk');
  await keepScreenshot(page, testInfo, 'payment-desk-1280');

  // 3. Three are rejected at once, behind a dialog that says how many.
  for (const name of ['Bulk Visitor 1', 'Bulk Visitor 2', 'Bulk Visitor 3']) {
    await page.getByRole('checkbox', { name: `Select ${name}` }).check();
  }
  const bulkBar = page.getByRole('group', { name: 'Act on several registrations' });
  await expect(bulkBar.getByRole('status')).toHaveText('3 registrations selected');
  await bulkBar.getByRole('button', { name: 'Reject selected' }).click();
  const rejectDialog = page.getByRole('dialog', { name: 'Reject 3 registrations?' });
  await expect(rejectDialog).toContainText('These 3 registrations will be rejected and their seats freed.');
  await expect(rejectDialog.getByRole('listitem')).toHaveCount(3);
  await rejectDialog.getByLabel('Reason').fill('We could not confirm these sign-ups.');
  await expectNoAxeViolations(page, 'bulk reject dialog');
  await keepScreenshot(page, testInfo, 'bulk-dialog-1280');
  await rejectDialog.getByRole('button', { name: 'Reject 3 registrations' }).click();
  await expect(toasts(page)).toContainText('3 registrations rejected.');
  await expect(rejectDialog).toHaveCount(0);
  await expect(counter(page, 'Rejected')).toHaveText('3');
  for (const name of ['Bulk Visitor 1', 'Bulk Visitor 2', 'Bulk Visitor 3']) {
    await expect(rowOf(page, name)).toContainText('Rejected');
    await expect(rowOf(page, name).getByRole('button', { name: `Change to Approved for ${name}` })).toBeVisible();
  }
  await expect(bulkBar.getByRole('status')).toHaveText('No registrations selected');

  // 4. The other two are cancelled at once, by keyboard.
  for (const name of ['Bulk Visitor 4', 'Bulk Visitor 5']) {
    await page.getByRole('checkbox', { name: `Select ${name}` }).focus();
    await page.keyboard.press('Space');
  }
  await expect(bulkBar.getByRole('status')).toHaveText('2 registrations selected');
  await bulkBar.getByRole('button', { name: 'Cancel selected' }).click();
  const cancelDialog = page.getByRole('dialog', { name: 'Cancel 2 registrations?' });
  await expect(cancelDialog.getByLabel('Reason')).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(cancelDialog.getByRole('button', { name: 'Cancel 2 registrations' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toasts(page)).toContainText('2 registrations cancelled.');
  await expect(counter(page, 'Cancelled')).toHaveText('2');
  await expect(rowOf(page, 'Bulk Visitor 5')).toContainText('Cancelled');

  // 5. The confirmed visitor's registration is cancelled with a reason, which they are told by e-mail.
  await rowOf(page, kept.name).getByRole('button', { name: `Cancel the registration of ${kept.name}` }).click();
  const oneDialog = page.getByRole('dialog', { name: 'Cancel Registration' });
  await expect(oneDialog.getByLabel('Transaction ID')).toHaveCount(0);
  await expect(oneDialog.getByText(`Optional. ${kept.name} is told this by e-mail.`)).toBeVisible();
  await oneDialog.getByLabel('Reason').fill('The venue changed and has fewer seats.');
  await expectNoAxeViolations(page, 'cancel dialog');
  await keepScreenshot(page, testInfo, 'cancel-dialog-1280');
  await oneDialog.getByRole('button', { name: 'Cancel Registration' }).click();
  await expect(toasts(page)).toContainText('Registration cancelled successfully');
  await expect(rowOf(page, kept.name)).toContainText('Reason: The venue changed and has fewer seats.');
  await expect(rowOf(page, kept.name).getByRole('button', { name: `Change to Approved for ${kept.name}` })).toBeFocused();
  const [, cancelled] = await mailsTo(MAIL_DIR, kept.email, 2);
  expect(cancelled).toContain('The venue changed and has fewer seats.');

  // 6. The expired one paid after all: staff approve it with the payment.
  await page.getByRole('combobox', { name: 'Status' }).selectOption('Expired');
  await expect(registrations(page).getByRole('row')).toHaveCount(2);
  await rowOf(page, late.name).getByRole('button', { name: `Change to Approved for ${late.name}` }).click();
  const approveDialog = page.getByRole('dialog', { name: 'Approve Registration' });
  await expect(approveDialog).toContainText('Not confirmed in time');
  await approveDialog.getByLabel(/^Transaction ID/).fill(`MP-LATE-${Date.now()}`);
  await approveDialog.getByRole('button', { name: 'Approve' }).click();
  await expect(toasts(page)).toContainText('Registration approved successfully');
  // Read again with the filter: the approved row leaves the Expired view; the counters are the server's.
  await expect(registrations(page).getByRole('row').nth(1)).toContainText('No registrations found');
  await expect(registrations(page)).toBeFocused();
  await expect(counter(page, 'Approved')).toHaveText('1');
  await expect(counter(page, 'Expired')).toHaveText('0');
  await expect(counter(page, 'Available Seats')).toContainText('19');
  await expect(counter(page, 'Checked In')).toHaveText('0');

  // 6b. At the door its ticket is scanned (the door's API, as the check-in screen sends it): the
  // page shows it checked in, and the attendance downloads with it.
  const code = ticketCode(lateId);
  const scanned = await request.post(`/api/management/events/${eventId}/checkins/`, {
    headers: { Authorization: `Bearer ${await staffToken(request)}` },
    data: [{ code, nonce: `e2e-${RUN}`, scanned_at: new Date().toISOString(), device: 'door-a' }],
  });
  expect(scanned.status(), await scanned.text()).toBe(200);
  expect(((await scanned.json()) as { results: { result: string }[] }).results[0]?.result).toBe('checked_in');

  // 7. The whole page on a phone.
  await page.getByRole('combobox', { name: 'Status' }).selectOption('');
  await expect(rowOf(page, late.name)).toContainText('Approved');
  await expect(counter(page, 'Checked In')).toHaveText('1');
  await expect(rowOf(page, late.name)).toContainText(/Checked in \w{3} \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M/);
  const [attendanceFile] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export attendance (CSV)' }).click(),
  ]);
  expect(attendanceFile.suggestedFilename()).toBe(`attendance-${eventId}.csv`);
  const attendanceCsv = readFileSync(await attendanceFile.path(), 'utf8');
  expect(attendanceCsv).toContain(late.name);
  expect(attendanceCsv).toContain('door-a');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('checkbox', { name: 'Select all on this page' })).toBeVisible();
  await expectNoAxeViolations(page, 'payment desk on a phone');
  await keepScreenshot(page, testInfo, 'payment-desk-390');
  await page.getByRole('checkbox', { name: `Select ${late.name}` }).check();
  const cancelSelected = bulkBar.getByRole('button', { name: 'Cancel selected' });
  await cancelSelected.click();
  const phoneDialog = page.getByRole('dialog', { name: 'Cancel 1 registration?' });
  await expect(phoneDialog).toContainText(late.name);
  await keepScreenshot(page, testInfo, 'bulk-dialog-390', { fullPage: false });
  // Going back changes nothing, and the focus is where it was.
  await phoneDialog.getByRole('button', { name: 'Go back' }).click();
  await expect(phoneDialog).toHaveCount(0);
  await expect(cancelSelected).toBeFocused();
  await expect(rowOf(page, late.name)).toContainText('Approved');
});

test('the event form takes a payment deadline of its own, and empty means the default', async ({ page, request }, testInfo) => {
  const title = `Journey Deadline ${Date.now()}`;
  const eventId = await publishedEvent(request, { title, price: 1500, payment_deadline_hours: 24 });
  await signIn(page);
  await page.goto(`/dashboard/edit-event/${eventId}`);
  const deadline = page.getByLabel('Payment deadline (hours)');
  await expect(deadline).toHaveValue('24');
  await expect(deadline).toHaveAccessibleDescription(/Leave empty to use the association's default: 72 hours\.$/);
  await deadline.fill('0');
  await page.getByRole('button', { name: 'Update Event' }).click();
  await expect(deadline).toBeFocused();
  await expect(deadline).toHaveAccessibleDescription(/from 1 to 8760/);
  await keepScreenshot(page, testInfo, 'event-form-deadline-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await keepScreenshot(page, testInfo, 'event-form-deadline-390');

  await deadline.fill('48');
  await page.getByRole('button', { name: 'Update Event' }).click();
  await expect(toasts(page)).toContainText(`Event "${title}" updated successfully`);
  const token = await staffToken(request);
  const saved = await request.get(`/api/management/events/${eventId}/`, { headers: { Authorization: `Bearer ${token}` } });
  expect(((await saved.json()) as { payment_deadline_hours: number | null }).payment_deadline_hours).toBe(48);
});

test('staff erase a registration and a waiting-list place from the desk; the seat goes to the next person waiting', async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  expect(MAIL_DIR, 'E2E_MAIL_DIR must be set').toBeTruthy();
  const title = `Journey Erase ${Date.now()}`;
  const eventId = await publishedEvent(request, { title, price: 2000, maximum_attendees: 2 });
  const [first, second] = people('Seat Holder', 2);
  const [waiting, next] = people('Waiting Person', 2);
  if (!first || !second || !waiting || !next) throw new Error('No visitors');

  // 1. Two confirmed sign-ups fill the event; two people join its waiting list and confirm.
  for (const person of [first, second]) {
    await signUp(request, eventId, person);
    await confirmAddress(request, person);
  }
  for (const person of [waiting, next]) {
    await joinWaitlist(request, eventId, person);
    await confirmAddress(request, person);
  }

  await signIn(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/dashboard/registrations/${eventId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(counter(page, 'Total Registrations')).toHaveText('2');
  await expect(placeOf(page, waiting.name).getByRole('cell').first()).toHaveText('1');
  await expect(placeOf(page, next.name).getByRole('cell').first()).toHaveText('2');
  // The Erase buttons take no room from the other columns: both tables fit without scrolling.
  expect(await sideways(page)).toEqual([0, 0]);
  await expectNothingOverflows(page, 'payment desk with Erase');

  // 2. One registration is erased, behind a dialog that names the person and says what goes.
  await rowOf(page, first.name).getByRole('button', { name: `Erase the registration of ${first.name}` }).click();
  const eraseDialog = page.getByRole('dialog', { name: `Erase the registration of ${first.name}?` });
  await expect(eraseDialog).toContainText('access needs and payment details are deleted for good');
  await expect(eraseDialog).toContainText('offered to the waiting list first');
  await expect(eraseDialog).toContainText('This cannot be undone.');
  await expectNoAxeViolations(page, 'erase dialog');
  await keepScreenshot(page, testInfo, 'erase-dialog-1280', { fullPage: false });
  await eraseDialog.getByRole('button', { name: 'Erase registration' }).click();
  await expect(toasts(page)).toContainText('Registration erased.');
  await expect(eraseDialog).toHaveCount(0);
  await expect(rowOf(page, first.name)).toHaveCount(0);
  await expect(registrations(page)).toBeFocused();
  // The counters follow, and the freed seat is offered at once to the first person waiting.
  await expect(counter(page, 'Total Registrations')).toHaveText('1');
  await expect(counter(page, 'Pending Approval')).toHaveText('1');
  await expect(placeOf(page, waiting.name)).toContainText('Offered');
  await expect(placeOf(page, next.name).getByRole('cell').first()).toHaveText('1');
  await keepScreenshot(page, testInfo, 'erased-registration-1280');

  // 3. The offered place is erased by keyboard: the offer passes to the next person.
  await placeOf(page, waiting.name).getByRole('button', { name: `Erase the waiting-list place of ${waiting.name}` }).focus();
  await page.keyboard.press('Enter');
  const placeDialog = page.getByRole('dialog', { name: `Erase the waiting-list place of ${waiting.name}?` });
  await expect(placeDialog).toContainText('The seat offered to them goes to the next person waiting.');
  await expectNoAxeViolations(page, 'erase waiting-list place dialog');
  await placeDialog.getByRole('button', { name: 'Erase place' }).click();
  await expect(toasts(page)).toContainText('Waiting-list entry erased.');
  await expect(placeOf(page, waiting.name)).toHaveCount(0);
  await expect(waitlist(page)).toBeFocused();
  await expect(placeOf(page, next.name)).toContainText('Offered');

  // 4. Nothing of them is left to find on the server: the desk's search, the waiting list.
  const headers = { Authorization: `Bearer ${await staffToken(request)}` };
  const found = await request.get(`/api/management/events/${eventId}/registrations/`, { headers, params: { search: first.email } });
  expect(((await found.json()) as { registrations: unknown[] }).registrations).toEqual([]);
  const places = await request.get(`/api/management/events/${eventId}/waitlist/`, { headers });
  const emails = ((await places.json()) as { results: { email: string }[] }).results.map((entry) => entry.email);
  expect(emails).toEqual([next.email]);

  // 5. On a phone: the Erase buttons fit the cards, the dialog fits the screen; Go back changes nothing.
  await page.setViewportSize({ width: 390, height: 844 });
  const eraseSecond = rowOf(page, second.name).getByRole('button', { name: `Erase the registration of ${second.name}` });
  await expect(eraseSecond).toBeVisible();
  await expectNoAxeViolations(page, 'payment desk with Erase on a phone');
  await keepScreenshot(page, testInfo, 'erase-desk-390');
  await eraseSecond.click();
  const phoneDialog = page.getByRole('dialog', { name: `Erase the registration of ${second.name}?` });
  await expectNoAxeViolations(page, 'erase dialog on a phone');
  await keepScreenshot(page, testInfo, 'erase-dialog-390', { fullPage: false });
  await expectNothingOverflows(page, 'erase dialog on a phone');
  await phoneDialog.getByRole('button', { name: 'Go back' }).click();
  await expect(phoneDialog).toHaveCount(0);
  await expect(eraseSecond).toBeFocused();
  await expect(counter(page, 'Total Registrations')).toHaveText('1');

  // 6. The other languages' words fit too: the desk at both widths, the dialog on a phone.
  for (const language of ['rw', 'fr', 'sw']) {
    const words = JSON.parse(readFileSync(new URL(`../src/locales/${language}/registrations-admin.json`, import.meta.url), 'utf8')) as {
      erase: { registrationFor: string; registration: { title: string } };
      waitlist: { caption: string };
    };
    const named = (text: string) => text.replace('{{name}}', second.name);
    await page.evaluate((chosen) => window.localStorage.setItem('language', chosen), language);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByRole('table', { name: words.waitlist.caption }).getByRole('rowheader', { name: next.name })).toBeVisible();
    expect(await sideways(page), `tables scroll sideways in ${language}`).toEqual([0, 0]);
    await expectNothingOverflows(page, `payment desk in ${language}`);
    await keepScreenshot(page, testInfo, `erase-desk-1280-${language}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNothingOverflows(page, `payment desk in ${language}`);
    await page.getByRole('button', { name: named(words.erase.registrationFor), exact: true }).click();
    await expect(page.getByRole('dialog', { name: named(words.erase.registration.title) })).toBeVisible();
    await expectNothingOverflows(page, `erase dialog in ${language}`);
    await keepScreenshot(page, testInfo, `erase-dialog-390-${language}`, { fullPage: false });
    await page.keyboard.press('Escape');
  }
});
