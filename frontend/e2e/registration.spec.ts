import { expect, test, type Page } from '@playwright/test';

import { publishedEvent, signIn, toasts } from './admin';
import { expectNoAxeViolations } from './axe';
import { solvedChallenge } from './challenge';
import { linkTo, mailsTo } from './mail';
import { keepScreenshot } from './screenshots';

const MAIL_DIR = process.env.E2E_MAIL_DIR;

async function fillRegistration(page: Page, person: { name: string; email: string; phone: string }) {
  await page.getByLabel(/^Full name/).fill(person.name);
  await page.getByLabel(/^Phone/).fill(person.phone);
  await page.getByLabel(/^Email/).fill(person.email);
  await page.getByLabel(/^Preferred language/).selectOption('Kinyarwanda');
  await page.getByLabel(/^Disability/).selectOption('Hearing Impairment');
  await page.getByLabel('I need a sign language interpreter').check();
  await page.getByLabel(/^I agree to the terms/).check();
}

test('a visitor registers and pays; staff confirm the seat; both e-mails go out', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  expect(MAIL_DIR, 'E2E_MAIL_DIR must be set').toBeTruthy();
  const title = `Journey Registration ${Date.now()}`;
  const eventId = await publishedEvent(request, { title, price: 4000, maximum_attendees: 30 });
  const email = `registrant-${Date.now()}@example.com`;
  const phone = `0788 ${String(Date.now()).slice(-6, -3)} ${String(Date.now()).slice(-3)}`;

  // 1. The visitor: the form tells what is missing and goes to the first gap.
  await page.goto(`/registration?eventId=${eventId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Event Registration');
  await expect(page.getByText(title)).toBeVisible();
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expectNoAxeViolations(page, 'registration form');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Full name is required')).toBeVisible();
  await expect(page.getByLabel(/^Full name/)).toBeFocused();
  await expectNoAxeViolations(page, 'registration form with errors');

  await fillRegistration(page, { name: 'Playwright Registrant', email, phone });
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: 'Registration submitted' })).toBeFocused();
  // First of all, plainly: the e-mail to open in time, or the seat goes.
  await expect(page.getByRole('note')).toContainText('Check your e-mail now');
  await expect(page.getByRole('note')).toContainText('within 30 minutes to keep your seat');
  await keepScreenshot(page, testInfo, 'registration-submitted');
  await expect(toasts(page)).toContainText(
    'Registration submitted successfully! Please complete payment to confirm your seat.',
  );
  const reference = (await page.locator('.registration-success__code').innerText()).trim();
  expect(reference).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
  await page.getByRole('button', { name: 'View Payment Instructions' }).click();
  await expect(page.getByText('Mobile Money', { exact: false }).first()).toBeVisible();
  await expect(page.getByText(new RegExp(`4,000 Rwf.*${reference}`)).first()).toBeVisible();
  await expectNoAxeViolations(page, 'registration submitted');

  const [received = ''] = await mailsTo(MAIL_DIR ?? '', email, 1);
  expect(received).toContain(reference);
  // The registrant chose Kinyarwanda: the e-mail is written in it, amounts with its separators.
  expect(received).toContain('Kugira ngo mugumane umwanya wanyu, mufungure uyu murongo mu minota 30.');
  expect(received).toContain('4.000 Rwf');

  // The link of that e-mail keeps the seat: the page says so, with how to pay and by when.
  await page.goto(linkTo(received, '/my-registration'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your registration');
  await expect(page.getByRole('heading', { name: 'Thank you: your seat is held' })).toBeFocused();
  await expect(page.locator('.registration-success__code')).toHaveText(reference);
  await expect(page.getByText(/^Please pay by /)).toBeVisible();
  await expectNoAxeViolations(page, 'registration confirmed by its link');
  await keepScreenshot(page, testInfo, 'my-registration-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await keepScreenshot(page, testInfo, 'my-registration-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  // 2. Staff record the payment on the event's registrations page.
  await signIn(page);
  await page.getByRole('navigation', { name: 'Dashboard navigation' }).getByRole('link', { name: 'Registrations' }).click();
  await expect(page).toHaveURL(/\/dashboard\/registrations$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Event Registrations');
  await expectNoAxeViolations(page, 'registrations overview');
  await page.goto(`/dashboard/registrations/${eventId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(page.getByText('1 registrant needs an interpreter')).toBeVisible();
  await expectNoAxeViolations(page, 'event registrations');

  await row.getByRole('button', { name: 'Approve Playwright Registrant' }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve Registration' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(reference);
  await dialog.getByLabel(/^Transaction ID/).fill(`MP-${Date.now()}`);
  await expectNoAxeViolations(page, 'approve dialog');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(toasts(page)).toContainText('Registration approved successfully');
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText('Approved');
  await expect(row.getByRole('button', { name: 'Change to Rejected for Playwright Registrant' })).toBeVisible();

  // 3. The registrant's second e-mail confirms the seat, with a calendar invite.
  const mails = await mailsTo(MAIL_DIR ?? '', email, 2);
  const confirmation = mails.find((text) => text.includes('BEGIN:VCALENDAR')) ?? '';
  expect(confirmation).toContain('BEGIN:VCALENDAR');
  expect(confirmation).toContain(`SUMMARY:${title}`);
});

test('a full event offers its waiting list instead of a dead end', async ({ page, request }) => {
  const title = `Journey Full Event ${Date.now()}`;
  const eventId = await publishedEvent(request, { title, maximum_attendees: 1 });
  const taken = await request.post(`/api/management/events/${eventId}/register/`, {
    headers: await solvedChallenge(request),
    data: {
      full_name: 'First Comer',
      email: `first-${Date.now()}@example.com`,
      phone: '+250722000111',
      preferred_language: 'English',
      disability: 'None',
      agree_to_terms: true,
    },
  });
  expect(taken.status()).toBe(201);

  await page.goto(`/registration?eventId=${eventId}`);
  await expect(
    page.getByText(
      'This event has reached its maximum capacity (1 seat). Please contact the organizer before registering.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Join the waiting list' })).toBeVisible();
  await expectNoAxeViolations(page, 'full event');
  const patient = `patient-${Date.now()}@example.com`;
  await fillRegistration(page, { name: 'Patient Visitor', email: patient, phone: '0722 000 222' });
  await page.getByRole('button', { name: 'Join the Waiting List' }).click();
  await expect(page.getByRole('heading', { name: 'You are on the waiting list' })).toBeVisible();
  await expect(page.getByRole('note')).toContainText('to keep your place on the waiting list');

  // The place counts once its e-mailed link is opened.
  const [joined = ''] = await mailsTo(MAIL_DIR ?? '', patient, 1);
  await page.goto(linkTo(joined, '/my-registration'));
  await expect(page.getByRole('heading', { name: 'Your place on the waiting list is confirmed' })).toBeVisible();
  await expect(page.getByText('Your position on the waiting list: 1')).toBeVisible();
  await expectNoAxeViolations(page, 'waiting-list place confirmed by its link');
});

test('a free event asks for no payment, its link confirms the seat, and the registrant cancels it', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  expect(MAIL_DIR, 'E2E_MAIL_DIR must be set').toBeTruthy();
  const title = `Journey Free Event ${Date.now()}`;
  const eventId = await publishedEvent(request, { title, price: 0, maximum_attendees: 1 });
  const email = `free-${Date.now()}@example.com`;

  // The visitor registers: no reference, no payment step, the e-mail's link confirms the seat.
  await page.goto(`/registration?eventId=${eventId}`);
  await fillRegistration(page, { name: 'Free Registrant', email, phone: '0788 300 111' });
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: 'Registration submitted' })).toBeFocused();
  await expect(page.locator('.registration-success')).toContainText(
    'Open the link in the e-mail we sent you: that confirms your seat.',
  );
  await expect(page.locator('.registration-success__code')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'View Payment Instructions' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'free registration submitted');
  await keepScreenshot(page, testInfo, 'free-registration-submitted');

  const [received = ''] = await mailsTo(MAIL_DIR ?? '', email, 1);
  // In Kinyarwanda, as chosen: opening the link confirms the seat; nothing about paying.
  expect(received).toContain('Iki gikorwa ni ubuntu: gufungura umurongo byemeza umwanya wanyu.');
  expect(received).not.toContain('Rwf');
  const link = linkTo(received, '/my-registration');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Your seat is confirmed' })).toBeFocused();
  await expect(page.getByText(/and so is your seat: this event is free/)).toBeVisible();
  await expect(page.locator('.registration-success__code')).toHaveCount(0);
  await expectNoAxeViolations(page, 'free seat confirmed by its link');
  const [, approved = ''] = await mailsTo(MAIL_DIR ?? '', email, 2);
  expect(approved).toContain('BEGIN:VCALENDAR');

  // Somebody waits for the one seat, and confirms their place.
  const patient = `waiting-${Date.now()}@example.com`;
  const joined = await request.post(`/api/management/events/${eventId}/waitlist/`, {
    headers: await solvedChallenge(request),
    data: {
      full_name: 'Waiting Visitor',
      email: patient,
      phone: '+250722300222',
      preferred_language: 'English',
      disability: 'None',
      agree_to_terms: true,
    },
  });
  expect(joined.status()).toBe(201);
  const [placeMail = ''] = await mailsTo(MAIL_DIR ?? '', patient, 1);
  const placeToken = new URL(linkTo(placeMail, '/my-registration'), 'http://local').hash.replace('#token=', '');
  expect((await request.post('/api/my-registration/', { data: { token: placeToken } })).status()).toBe(200);

  // The registrant cannot come: the dialog says what happens before anything does.
  await page.reload();
  await page.getByRole('button', { name: 'Cancel my registration' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel your registration?' });
  await expect(dialog).toContainText('Your seat goes at once to the next person on the waiting list');
  await expect(dialog).toContainText('This cannot be undone.');
  await expectNoAxeViolations(page, 'cancel my registration dialog');
  await keepScreenshot(page, testInfo, 'my-registration-cancel-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await keepScreenshot(page, testInfo, 'my-registration-cancel-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByRole('button', { name: 'Yes, cancel my registration' }).click();
  await expect(page.getByRole('heading', { name: 'This registration is cancelled' })).toBeFocused();
  await expect(page.getByText('You cancelled this registration. Your seat went to somebody else.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel my registration' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'registration cancelled by the registrant');

  // The seat went to the person waiting at once, and the registrant is told once.
  const [, offer = ''] = await mailsTo(MAIL_DIR ?? '', patient, 2);
  expect(offer).toContain(`/registration?eventId=${eventId}#offer=`);
  await mailsTo(MAIL_DIR ?? '', email, 3);

  // Staff see it cancelled by the registrant.
  await signIn(page);
  await page.goto(`/dashboard/registrations/${eventId}`);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Cancelled');
  await expect(row).toContainText('Cancelled by the registrant');
});
