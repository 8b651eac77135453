import { expect, test } from '@playwright/test';

import { expectNoAxeViolations } from './axe';
import { linkTo, mailsTo } from './mail';
import { approvedMember, memberSignInLink } from './member';
import { expectNothingOverflows } from './routes';
import { keepScreenshot } from './screenshots';

const MAIL_DIR = process.env.E2E_MAIL_DIR;

test('a member signs in by the e-mailed link, sees their standing, changes their phone and e-mail and signs out', async ({
  page,
  request,
}, testInfo) => {
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

  // A new e-mail address: nothing changes until the link e-mailed to it is opened.
  const newEmail = `member-${stamp}-new@example.com`;
  await page.getByLabel('New e-mail address').fill(newEmail);
  await page.getByRole('button', { name: 'Send a confirmation link' }).click();
  await expect(page.getByText(`We sent a link to ${newEmail}. Open it to confirm`)).toBeVisible();
  await expect(page.getByText(`Your membership's e-mail address is ${email}.`)).toBeVisible();
  await expectNoAxeViolations(page, 'my membership: e-mail change sent');
  await expectNothingOverflows(page, 'my membership: e-mail change at 390 px');
  await keepScreenshot(page, testInfo, 'my-membership-email-change-sent');
  const [confirmation = ''] = await mailsTo(MAIL_DIR ?? '', newEmail, 1);
  expect(confirmation).not.toContain('Playwright Member'); // nothing typed by the member to an unconfirmed address
  const confirmLink = linkTo(confirmation, '/my-membership/email');
  expect(confirmLink).toMatch(/^\/my-membership\/email#token=[\w-]{43,}$/);
  await page.goto(confirmLink);
  await expect(page.getByRole('heading', { name: 'Your e-mail address is changed' })).toBeFocused();
  await expect(page).toHaveURL(/\/my-membership\/email$/);
  await expect(page.getByText(`The e-mail address of your membership is now ${newEmail}.`)).toBeVisible();
  await expectNoAxeViolations(page, 'my membership: e-mail confirmed');
  await keepScreenshot(page, testInfo, 'my-membership-email-confirmed');
  // The old address is told, with whom to write to.
  const toOld = await mailsTo(MAIL_DIR ?? '', email, 4);
  expect(toOld.find((text) => text.includes(`was just changed to ${newEmail}`))).toBeTruthy();
  await page.getByRole('link', { name: 'Go to my membership' }).click();
  await expect(page.getByText(`Your membership's e-mail address is ${newEmail}.`)).toBeVisible();
  // The link works once.
  await page.goto(confirmLink);
  await expect(page.getByText(/This confirmation link is invalid, already used or expired/)).toBeVisible();
  await page.goto('/my-membership');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Send me a sign-in link' })).toBeVisible();
  // The link worked once.
  await page.goto(link);
  await expect(page.getByText(/This sign-in link is invalid, already used or expired/)).toBeVisible();
});
