import { expect, test, type Page, type TestInfo } from '@playwright/test';

import { signIn, toasts } from './admin';
import { expectNoAxeViolations } from './axe';
import { mailsTo } from './mail';
import { keepScreenshot, SCREENSHOTS } from './screenshots';

/** Pictures of the screen as it is, at 1280 px and at 390 px (a phone), for a person to look at. */
async function atBothWidths(page: Page, testInfo: TestInfo, name: string) {
  if (!SCREENSHOTS) return;
  const before = page.viewportSize() ?? { width: 1280, height: 720 };
  for (const [width, height] of [[1280, 800], [390, 844]] as const) {
    await page.setViewportSize({ width, height });
    await keepScreenshot(page, testInfo, `${name}-${width}`, { fullPage: false });
  }
  await page.setViewportSize(before);
}

const MAIL_DIR = process.env.E2E_MAIL_DIR;


test('a visitor applies in five steps; staff find and approve them; both e-mails go out', async ({ page }, testInfo) => {
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
  await atBothWidths(page, testInfo, 'membership-step-2');
  // Who applies comes first: a person gives a birth date and gender.
  await page.getByRole('radio', { name: 'Individual' }).check();
  await page.getByLabel(/^Date of birth/).fill('1992-04-07');
  await page.getByRole('radio', { name: 'Prefer Not to Say' }).check();
  await page.getByLabel(/^Nationality/).fill('Rwandan');
  await page.getByLabel(/^Address/).fill('KK 15 Rd, Kigali');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { name: 'Step 3 of 5: Professional' })).toBeFocused();
  await page.getByLabel(/^Years of experience/).fill('4');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Step 4 of 5: Membership' })).toBeFocused();
  await page.getByRole('checkbox', { name: 'Training' }).check();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { name: 'Step 5 of 5: Payment' })).toBeFocused();
  await page.getByRole('radio', { name: 'Mobile Money' }).check();
  await expectNoAxeViolations(page, 'membership step 5');
  // The terms are linked where agreement is asked, and the page they lead to holds them.
  await expect(page.getByRole('link', { name: /Read the terms and conditions/ })).toHaveAttribute('href', '/privacy#terms');
  // While a field has focus, the chat link steps aside (it never covers a field).
  await page.getByLabel(/^I agree to the terms/).focus();
  await expect(page.locator('.chat-link')).toBeHidden();
  await atBothWidths(page, testInfo, 'membership-step-5');
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
  await atBothWidths(page, testInfo, 'members');
  await row.getByRole('button', { name: `Approve ${name}` }).click();
  // Staff are asked first, and told who is e-mailed.
  const confirm = page.getByRole('dialog', { name: 'Approve member' });
  await expect(confirm).toContainText(`A welcome e-mail with the membership number is sent to ${email}.`);
  await expectNoAxeViolations(page, 'approve confirmation');
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expect(toasts(page)).toContainText(`Member ${name} has been approved!`);
  await expect(row).toContainText('Approved');

  const [, welcome] = await mailsTo(MAIL_DIR ?? '', email, 2);
  expect(welcome).toMatch(/\d{4}-\d{4}/);
});

test('staff add an institution from the members screen: its contact person, no public form, one acknowledgement', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const name = `Playwright School ${lettersOf(stamp)}`;
  const email = `school-${stamp}@example.com`;
  await signIn(page);
  await page.getByRole('navigation', { name: 'Dashboard navigation' }).getByRole('link', { name: 'Members' }).click();
  await page.getByRole('button', { name: 'Add Member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a member' });
  await expect(page).toHaveURL(/\/dashboard\/members$/);
  await dialog.getByLabel('Membership type').selectOption('Institutional');
  await expect(dialog.getByLabel('Date of birth')).toHaveCount(0);
  await dialog.getByLabel('Full name').fill(name);
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Phone').fill('0788 300 500');
  await dialog.getByLabel('Nationality').fill('Rwandan');
  await dialog.getByLabel('Address').fill('KN 3 Rd, Kigali');
  await dialog.getByLabel('Contact person', { exact: true }).fill('Claudine Mukamana');
  await dialog.getByLabel("Contact person's role").fill('Head teacher');
  await dialog.getByLabel('Payment method').selectOption('Bank Transfer');
  await dialog.getByRole('button', { name: 'Add member' }).click();
  // The server's refusal lands on its field: the consent was not given.
  await expect(dialog.getByRole('checkbox', { name: /The applicant has agreed/ })).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page, 'add member form with an error');
  await atBothWidths(page, testInfo, 'add-member');
  await dialog.getByRole('checkbox', { name: /The applicant has agreed/ }).check();
  await dialog.getByRole('button', { name: 'Add member' }).click();
  await expect(toasts(page)).toContainText(`${name} was added as a Pending application.`);
  await page.getByRole('searchbox', { name: 'Search members' }).fill(email);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Institutional');
  await row.getByRole('button', { name: `View ${name}` }).click();
  await expect(page.getByRole('dialog', { name })).toContainText('Claudine Mukamana');
  if (MAIL_DIR) {
    const [acknowledgement] = await mailsTo(MAIL_DIR, email, 1);
    expect(acknowledgement).toContain('Institutional');
    expect(acknowledgement).not.toContain(' as a ');
  }
});

/** 1795741565382 → 'Bhjfebgfgfdib': a unique name part of letters. */
function lettersOf(stamp: number): string {
  const letters = String(stamp).replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'a');
  return letters.charAt(0).toUpperCase() + letters.slice(1);
}
