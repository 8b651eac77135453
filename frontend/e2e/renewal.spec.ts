import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

import { signIn, staffToken, toasts } from './admin';
import { expectNoAxeViolations } from './axe';
import { linkTo, mailsTo } from './mail';
import { expectNothingOverflows } from './routes';
import { keepScreenshot } from './screenshots';

const MAIL_DIR = process.env.E2E_MAIL_DIR;
const REPO = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Moves the member's only period so that it ends in `days` days (renewal opens 60 days before the
 * end): a year would have to pass otherwise. Through the server's own models, as verify.spec.ts does.
 */
function periodEndsIn(memberId: number, days: number): string {
  const code = [
    'from datetime import timedelta',
    'from django.utils import timezone',
    'from services.members.models import Member, MembershipPeriod',
    `end = timezone.localdate() + timedelta(days=${days})`,
    `MembershipPeriod.objects.filter(member_id=${memberId}).update(start=end - timedelta(days=364), end=end)`,
    `Member.objects.filter(pk=${memberId}).update(membership_end=end)`,
    'print(end.isoformat())',
  ].join('\n');
  const out = execFileSync('.venv/bin/python', ['manage.py', 'shell', '-v0', '-c', code], { cwd: REPO, env: process.env, stdio: 'pipe' });
  return out.toString().trim();
}

test('a member renews from their page, staff confirm it on the payment desk, the member sees the new end date', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  expect(MAIL_DIR, 'E2E_MAIL_DIR must be set').toBeTruthy();
  const stamp = Date.now();
  const email = `renewal-${stamp}@example.com`;

  // An approved member whose year ends in 10 days.
  const token = await staffToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  const created = await request.post('/api/management/members/', {
    headers,
    data: {
      full_name: 'Renewing Member',
      email,
      phone: `0788 ${String(stamp).slice(-6, -3)} ${String(stamp).slice(-3)}`,
      membership_type: 'Individual',
      date_of_birth: '1988-06-07',
      gender: 'Male',
      nationality: 'Rwandan',
      address: 'KN 3 Rd, Kigali',
      payment_method: 'Mobile Money',
      agree_to_terms: true,
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  expect((await request.post(`/api/management/members/${id}/approve/`, { headers })).status()).toBe(200);
  const end = periodEndsIn(id, 10);
  const nextEndYear = String(Number(end.slice(0, 4)) + 1);

  // The member signs in by the link in the .eml.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/my-membership');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
  await expect(page.getByRole('status')).toContainText('If this address belongs to a member');
  const mails = await mailsTo(MAIL_DIR ?? '', email, 3);
  await page.goto(linkTo(mails.find((text) => text.includes('/my-membership#token=')) ?? '', '/my-membership'));
  await expect(page.getByRole('heading', { name: 'Welcome, Renewing Member' })).toBeFocused();
  await expect(page.getByText('Expiring', { exact: true })).toBeVisible();

  // Downloads the card.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download my membership card (PDF)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('membership-card.pdf');
  expect((await readFile((await download.path()) ?? '')).subarray(0, 5).toString()).toBe('%PDF-');

  // Renews: the short form, then the reference, the amount and how to pay.
  const panel = page.locator('section.renew-panel');
  await expect(panel.getByRole('heading', { name: 'Renew your membership' })).toBeVisible();
  await expect(panel.getByText('Renewing Member')).toBeVisible();
  await expectNoAxeViolations(page, 'my membership: renew form');
  await panel.getByLabel(/Payment method/).selectOption('Mobile Money');
  await panel.getByRole('button', { name: 'Renew' }).click();
  await expect(panel.getByRole('heading', { name: 'Your renewal is waiting for your payment' })).toBeFocused();
  const reference = (await panel.locator('.renew-panel__reference').textContent())?.trim() ?? '';
  expect(reference).toMatch(/^[2-9A-Z]{6}$/);
  await expect(panel.getByText('10,000 Rwf', { exact: true })).toBeVisible();
  await expect(panel.getByText(new RegExp(`write the reference ${reference} in the message`))).toBeVisible();
  await expectNoAxeViolations(page, 'my membership: renewal reference');
  await expectNothingOverflows(page, 'renewal answer at 390 px');
  await keepScreenshot(page, testInfo, 'renewal-answer');
  // The e-mail with the reference and how to pay.
  const withReference = await mailsTo(MAIL_DIR ?? '', email, 4);
  expect(withReference.some((text) => text.includes(reference) && text.includes('10,000 Rwf'))).toBe(true);

  // Staff find it on the payment desk by its reference and confirm it.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signIn(staff);
  await staff.getByRole('navigation', { name: 'Dashboard navigation' }).getByRole('link', { name: 'Payment desk' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Payment desk' })).toBeVisible();
  await staff.getByLabel('Search payments').fill(reference.toLowerCase());
  const row = staff.getByRole('row').filter({ hasText: reference });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Renewal');
  await expect(staff.getByRole('row')).toHaveCount(2); // the header and this one
  await expectNoAxeViolations(staff, 'payment desk');
  await keepScreenshot(staff, testInfo, 'payment-desk');
  await row.getByRole('button', { name: `Confirm payment ${reference} of Renewing Member` }).click();
  const dialog = staff.getByRole('dialog', { name: `Confirm payment ${reference}` });
  await expectNoAxeViolations(staff, 'payment desk: confirm dialog');
  await dialog.getByLabel(/Transaction ID/).fill(`MP${stamp}`);
  await keepScreenshot(staff, testInfo, 'payment-desk-confirm');
  await dialog.getByLabel(/Transaction ID/).press('Enter');
  await expect(toasts(staff)).toContainText(`Payment ${reference} confirmed.`);
  await expect(dialog).toBeHidden();
  await expect(staff.getByRole('row').filter({ hasText: reference })).toHaveCount(0);
  await staffContext.close();

  // The member's new card by e-mail, and the new end date on their page.
  const afterConfirm = await mailsTo(MAIL_DIR ?? '', email, 5);
  expect(afterConfirm.some((text) => text.includes('membership is renewed until'))).toBe(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome, Renewing Member' })).toBeVisible();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.locator('.my-membership__facts dd').nth(1)).toContainText(nextEndYear);
});
