import { expect, test } from '@playwright/test';

import { signIn, toasts } from './admin';
import { expectNoAxeViolations } from './axe';
import { mailsTo } from './mail';

const MAIL_DIR = process.env.E2E_MAIL_DIR;


test('a visitor applies in five steps; staff find and approve them; both e-mails go out', async ({ page }) => {
  test.setTimeout(120_000);
  expect(MAIL_DIR, 'E2E_MAIL_DIR must be set').toBeTruthy();
  const stamp = Date.now();
  // A name is letters, never a number: the stamp's digits become letters.
  const name = `Playwright Applicant ${lettersOf(stamp)}`;
  const email = `applicant-${stamp}@example.com`;

  await page.goto('/membership');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Membership Application');
  await expect(page.getByRole('heading', { name: 'Step 1 of 5: Account' })).toBeVisible();
  await expectNoAxeViolations(page, 'membership step 1');
  await page.getByLabel(/^Full name/).fill(name);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Phone/).fill('0788 300 400');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { name: 'Step 2 of 5: Personal' })).toBeFocused();
  await page.getByLabel(/^Date of birth/).fill('1992-04-07');
  await page.getByRole('radio', { name: 'Prefer Not to Say' }).check();
  await page.getByLabel(/^Nationality/).fill('Rwandan');
  await page.getByLabel(/^Address/).fill('KK 15 Rd, Kigali');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { name: 'Step 3 of 5: Professional' })).toBeFocused();
  await page.getByLabel(/^Years of experience/).fill('4');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Step 4 of 5: Membership' })).toBeFocused();
  await page.getByRole('radio', { name: 'Individual' }).check();
  await page.getByRole('checkbox', { name: 'Training' }).check();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { name: 'Step 5 of 5: Payment' })).toBeFocused();
  await page.getByRole('radio', { name: 'Mobile Money' }).check();
  await expectNoAxeViolations(page, 'membership step 5');
  // Without the terms: SPEC's alert, nothing sent.
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'You must agree to the terms and conditions to proceed.' })).toBeVisible();
  await page.getByLabel(/^I agree to the terms/).check();
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByRole('heading', { name: 'Membership Request Submitted!' })).toBeFocused();
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');

  const [acknowledgement] = await mailsTo(MAIL_DIR ?? '', email, 1);
  expect(acknowledgement).toContain('10,000 Rwf');

  // Staff find the applicant by search and approve.
  await signIn(page);
  await page.getByRole('navigation', { name: 'Dashboard navigation' }).getByRole('link', { name: 'Members' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Members');
  await page.getByRole('searchbox', { name: 'Search members' }).fill(email);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expectNoAxeViolations(page, 'members');
  await row.getByRole('button', { name: `Approve ${name}` }).click();
  await expect(toasts(page)).toContainText(`Member ${name} has been approved!`);
  await expect(row).toContainText('Approved');

  const [, welcome] = await mailsTo(MAIL_DIR ?? '', email, 2);
  expect(welcome).toMatch(/\d{4}-\d{4}/);
});

/** 1795741565382 → 'Bhjfebgfgfdib': a unique name part of letters. */
function lettersOf(stamp: number): string {
  const letters = String(stamp).replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'a');
  return letters.charAt(0).toUpperCase() + letters.slice(1);
}
