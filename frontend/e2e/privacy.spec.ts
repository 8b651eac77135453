import { expect, test, type Page } from '@playwright/test';

import { publishedEvent, signIn } from './admin';
import { expectNoAxeViolations } from './axe';
import { header, linkTo, mailsTo, mailText, readMails } from './mail';
import { keepScreenshot } from './screenshots';

const MAIL_DIR = process.env.E2E_MAIL_DIR ?? '';
const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

async function register(page: Page, eventId: number, person: { name: string; email: string; phone: string }) {
  await page.goto(`/registration?eventId=${eventId}`);
  await page.getByLabel(/^Full name/).fill(person.name);
  await page.getByLabel(/^Phone/).fill(person.phone);
  await page.getByLabel(/^Email/).fill(person.email);
  await page.getByLabel(/^Preferred language/).selectOption('English');
  await page.getByLabel(/^Disability/).selectOption('Other');
  await page.getByLabel(/^Details/).fill('Low vision: large print, please');
  await page.getByLabel('I need a sign language interpreter').check();
  // The form that asks for access needs says, next to them, where the privacy page is.
  const privacy = page.getByRole('link', { name: /how we keep the answers \(privacy\)/ });
  await expect(privacy).toHaveAttribute('href', '/privacy');
  await page.getByLabel(/^I agree to the terms/).check();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: 'Registration submitted' })).toBeFocused();
}

async function sendMessage(page: Page, person: { name: string; email: string }) {
  await page.goto('/contact');
  await page.getByLabel('Name').fill(person.name);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Message').fill('Please call me back about an interpreter for my family.');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your message has been sent successfully!' })).toBeVisible();
}

test('a visitor reads the privacy page from the footer: the periods are the configured ones', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy');
  const periods = page.getByRole('region', { name: 'How long we keep it' });
  // The defaults of the server this journey runs against (compose/.env.example).
  await expect(periods).toContainText('erased 180 days after they end');
  await expect(periods).toContainText('erased 30 days after sending');
  await expect(page.getByRole('region', { name: 'Your right to have your data erased' }).getByRole('link')).toHaveAttribute(
    'href',
    /^mailto:/,
  );
  await expect(page.getByRole('region', { name: 'The law' })).toContainText('Law No. 058/2021');
  await expectNoAxeViolations(page, '/privacy');
});

test('staff erase everything about an address that the public forms collected', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  expect(MAIL_DIR || process.env.REQUIRE_SERVICES !== '1', 'E2E_MAIL_DIR must be set').toBeTruthy();
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const person = { name: 'Privacy Journey', email: `forget-me-${stamp}@example.com`, phone: `0788 ${stamp.slice(-6, -3)} ${stamp.slice(-3)}` };
  const title = `Privacy Day ${stamp}`;
  const eventId = await publishedEvent(request, { title, maximum_attendees: 20, price: 5000 });

  // 1. The visitor registers (with access needs) and writes to the association.
  await register(page, eventId, person);
  await sendMessage(page, person);
  if (MAIL_DIR) {
    // The worker sent them their e-mails; they open the link that keeps their seat, so the
    // organisers are told of them too (the notice carries their address).
    const mails = await mailsTo(MAIL_DIR, person.email, 2);
    await page.goto(linkTo(mails.find((text) => text.includes('/my-registration#token=')) ?? '', '/my-registration'));
    await expect(page.getByRole('heading', { name: 'Thank you: your seat is held' })).toBeVisible();
    await expect
      .poll(async () => {
        const notices = (await readMails(MAIL_DIR)).filter((mail) => header(mail.raw, 'To') !== person.email);
        return notices.filter((mail) => mailText(mail.raw).includes(person.email)).length;
      })
      .toBe(2); // the message's copy and the registration notice, both to the association
  }

  // 2. Staff find the message on the Content page's Messages tab.
  await signIn(page);
  await page.goto('/dashboard/content?tab=messages');
  const search = page.getByRole('searchbox', { name: 'Search messages' });
  await search.fill(person.email);
  const messages = page.getByRole('table', { name: 'Messages from visitors' });
  await expect(messages.getByRole('row').filter({ hasText: person.email })).toHaveCount(1);
  await expectNoAxeViolations(page, 'messages tab');
  await keepScreenshot(page, testInfo, 'content-messages');

  // 3. Staff erase everything about the address from the Personal data page (SYSTEM group).
  await page.getByRole('navigation', { name: 'Dashboard navigation' }).getByRole('link', { name: 'Personal data' }).click();
  await expect(page).toHaveURL(/\/dashboard\/privacy$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Personal data');
  await expectNoAxeViolations(page, 'personal data page');
  const field = page.getByLabel('E-mail address');
  await page.getByRole('button', { name: 'Erase...' }).click();
  await expect(field).toBeFocused(); // nothing typed: the field says so
  await expectNoAxeViolations(page, 'personal data page with an error');

  await field.fill(person.email.toUpperCase());
  await page.getByRole('button', { name: 'Erase...' }).click();
  const dialog = page.getByRole('dialog', { name: 'Erase everything about this address?' });
  await expect(dialog).toContainText(person.email.toUpperCase());
  await expect(dialog).toContainText('This cannot be undone.');
  await expectNoAxeViolations(page, 'erase confirmation');
  await dialog.getByRole('button', { name: 'Erase everything' }).click();

  const result = page.getByRole('heading', { name: `Erased everything about ${person.email.toUpperCase()}` });
  await expect(result).toBeFocused();
  const counts = page.locator('.erase-page__counts');
  await expect(counts.locator('dt', { hasText: 'Registrations' }).locator('+ dd')).toHaveText('1');
  await expect(counts.locator('dt', { hasText: 'Contact messages' }).locator('+ dd')).toHaveText('1');
  // Received + the notice to the inbox; the message's copy to the inbox + the acknowledgement.
  await expect(counts.locator('dt', { hasText: 'Stored e-mails' }).locator('+ dd')).toHaveText('4');
  await expectNoAxeViolations(page, 'personal data page after erasing');
  for (const { name, width, height } of WIDTHS) {
    await page.setViewportSize({ width, height });
    await keepScreenshot(page, testInfo, `personal-data-${name}`);
  }

  // 4. The dashboard shows them nowhere any more.
  await page.goto(`/dashboard/registrations/${eventId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByText('No registrations found')).toBeVisible();
  await expect(page.getByText(person.email)).toHaveCount(0);
  await page.goto('/dashboard/content?tab=messages');
  await page.getByRole('searchbox', { name: 'Search messages' }).fill(person.email);
  await expect(page.getByText(`No messages match "${person.email}"`)).toBeVisible();

  // 5. Asking again finds nothing.
  await page.goto('/dashboard/privacy');
  await page.getByLabel('E-mail address').fill(person.email);
  await page.getByRole('button', { name: 'Erase...' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Erase everything' }).click();
  await expect(page.getByRole('heading', { name: `Nothing was kept about ${person.email}.` })).toBeFocused();
});
