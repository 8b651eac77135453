import { expect, test, type Page } from '@playwright/test';

import { publishedEvent, signIn, toasts } from './admin';
import { expectNoAxeViolations } from './axe';
import { solvedChallenge } from './challenge';
import { expectNothingOverflows } from './routes';
import { keepScreenshot } from './screenshots';

const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
const activityRows = (page: Page) => page.getByRole('table', { name: 'Activity, newest first' }).getByRole('row');

test('staff approve a registration, then find it on the Activity page and in its History', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const run = String(Date.now()).slice(-6);
  const person = { name: `Audit Visitor ${run}`, email: `audit-visitor-${run}@example.com`, phone: `+250788${run}` };
  const transaction = `MM-${run}`;
  const eventId = await publishedEvent(request, { title: `Journey Audit Desk ${run}`, price: 2000, maximum_attendees: 10 });

  // 1. A visitor signs up through the public API (the bot challenge solved as the page would).
  const signUp = await request.post(`/api/management/events/${eventId}/register/`, {
    headers: await solvedChallenge(request),
    data: {
      full_name: person.name,
      email: person.email,
      phone: person.phone,
      preferred_language: 'English',
      disability: 'None',
      agree_to_terms: true,
    },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);

  // 2. Staff approve it with the payment.
  await signIn(page);
  await page.goto(`/dashboard/registrations/${eventId}`);
  await rowOf(page, person.name).getByRole('button', { name: `Approve ${person.name}` }).click();
  const approve = page.getByRole('dialog', { name: 'Approve Registration' });
  await approve.getByLabel(/^Transaction ID/).fill(transaction);
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(toasts(page)).toContainText('Registration approved successfully');
  await expect(rowOf(page, person.name)).toContainText('Approved');

  // 3. The Activity page, from the navigation: the approval among the registration entries (opening
  // the dialog was recorded too, as a read of personal data; the two requests may finish in
  // either order).
  await page.getByRole('navigation', { name: 'Dashboard navigation' }).getByRole('link', { name: 'Activity' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Kind of record' }).selectOption('registration');
  await expect(activityRows(page).filter({ hasText: 'Personal data viewed' }).first()).toBeVisible();
  const newest = activityRows(page).filter({ hasText: 'Status: Pending → Approved' });
  await expect(newest).toHaveCount(1);
  await expect(newest).toContainText('Approved');
  await expect(newest).toContainText(`Transaction ID: ${transaction}`);
  await expect(newest).toContainText('Status: Pending → Approved');
  // The list masks personal values: the person's name appears in no row.
  await expect(page.getByRole('table', { name: 'Activity, newest first' })).not.toContainText(person.name);
  await expectNoAxeViolations(page, 'activity page');
  await expectNothingOverflows(page, 'activity page');
  await keepScreenshot(page, testInfo, 'activity-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNothingOverflows(page, 'activity page on a phone');
  await keepScreenshot(page, testInfo, 'activity-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  // 4. The registration's History, in its dialog (Cancel opens its details): the approval in words.
  await page.goto(`/dashboard/registrations/${eventId}`);
  await rowOf(page, person.name).getByRole('button', { name: `Cancel the registration of ${person.name}` }).click();
  const details = page.getByRole('dialog', { name: 'Cancel Registration' });
  const history = details.getByRole('region', { name: 'History' });
  await expect(history.locator('.history__entry').filter({ hasText: /^Approved by/ })).toContainText(
    new RegExp(`^Approved by .+ on .+ at .+: Payment method Mobile Money, Transaction ID ${transaction}`),
  );
  // A record's own History shows its values: the sign-up names the person.
  await expect(history).toContainText(`Registered by a visitor on`);
  await expect(history).toContainText(person.name);
  await history.scrollIntoViewIfNeeded();
  await expectNoAxeViolations(page, 'registration history');
  await keepScreenshot(page, testInfo, 'registration-history-1280');
  await details.getByRole('button', { name: 'Go back' }).click();

  // 5. The event's page has its History too: made through the API by staff.
  await page.goto(`/dashboard/edit-event/${eventId}`);
  const eventHistory = page.getByRole('region', { name: 'History' });
  await expect(eventHistory.locator('.history__entry').last()).toContainText(/^Event created by .+ on .+ at /);
  await eventHistory.scrollIntoViewIfNeeded();
  await expectNoAxeViolations(page, 'event history');
  await keepScreenshot(page, testInfo, 'event-history-1280');
});
