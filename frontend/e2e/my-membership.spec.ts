import { expect, test } from '@playwright/test';

import { expectNoAxeViolations } from './axe';
import { approvedMember, memberSignInLink } from './member';
import { expectNothingOverflows } from './routes';

test('a member signs in by the e-mailed link, sees their standing, changes their phone and signs out', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const email = `member-${stamp}@example.com`;

  await approvedMember(request, email);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/my-membership');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My membership');
  await expectNoAxeViolations(page, 'my membership: sign-in');
  const link = await memberSignInLink(page, email);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Welcome, Playwright Member' })).toBeFocused();
  await expect(page).toHaveURL(/\/my-membership$/); // the token is out of the address bar
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.locator('.my-membership__facts dd').nth(1)).toHaveText(/\d{4}/); // the end date
  await expectNoAxeViolations(page, 'my membership: signed in');
  await expectNothingOverflows(page, 'my membership at 390 px');

  const phone = page.getByLabel('Phone');
  await phone.fill('0788 999 000');
  await page.getByRole('button', { name: 'Save my details' }).click();
  await expect(page.getByText('Your details are saved.')).toBeVisible();
  await expect(phone).toHaveValue('+250788999000');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Send me a sign-in link' })).toBeVisible();
  // The link worked once.
  await page.goto(link);
  await expect(page.getByText(/This sign-in link is invalid, already used or expired/)).toBeVisible();
});
