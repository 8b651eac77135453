import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { expectNoAxeViolations } from './axe';
import { header, mailText, readMails } from './mail';

// A staff user of this journey alone (.ci/e2e makes it): signing out and changing the password end
// every session of the user, and the other journeys sign in as the demo admin meanwhile.
const ADMIN = { username: 'journey-staff', email: 'journey-staff@example.org', password: 'Harbour-Lights-2026' };
const MAIL_DIR = process.env.E2E_MAIL_DIR;

/**
 * Waits (up to 30 s) for a new e-mail to `to` holding a reset link to this site; gives the link.
 * The token is in the fragment (`/reset-password#token=...`), so no server ever logs it.
 */
async function waitForResetLink(mailDir: string, known: ReadonlySet<string>, to: string, baseURL: string) {
  const pattern = new RegExp(`${baseURL.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}/reset-password#token=[^\\s"'<>)&]+`);
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        for (const mail of await readMails(mailDir, known)) {
          if (!header(mail.raw, 'To').includes(to)) continue;
          link = pattern.exec(mailText(mail.raw))?.[0];
          if (link) return true;
        }
        return false;
      },
      { timeout: 30_000, intervals: [500, 1000], message: `a reset e-mail to ${to} in ${mailDir}` },
    )
    .toBe(true);
  if (!link) throw new Error('No reset link found');
  return link;
}

/** Puts the journey's password back through the API, if a failed run left another one set. */
async function restorePassword(request: APIRequestContext, currentPassword: string) {
  const login = await request.post('/api/users/login/', {
    data: { username: ADMIN.username, password: currentPassword },
  });
  if (!login.ok()) return;
  const { access } = (await login.json()) as { access: string };
  await request.post('/api/users/change-password/', {
    headers: { Authorization: `Bearer ${access}` },
    data: { current_password: currentPassword, new_password: ADMIN.password },
  });
}

async function signIn(page: Page, username: string, password: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('an administrator resets a forgotten password, signs in, changes it back and signs out', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // The reset link arrives by e-mail: the backend's .eml directory is required.
  expect(MAIL_DIR, 'E2E_MAIL_DIR must be set (the backend writes e-mails there)').toBeTruthy();
  const mailDir = MAIL_DIR ?? '';
  const base = (baseURL ?? '').replace(/\/$/, '');
  const known = new Set((await readMails(mailDir)).map((mail) => mail.name));
  const newPassword = `Lantern-${Date.now()}!x`;
  let passwordToRestore: string | null = null;

  try {
    // 1. Forgot password, on the sign-in screen.
    await page.goto('/adminlogin');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Login');
    await expect(page.getByText('This area is restricted to authorised personnel.')).toBeVisible();
    await expectNoAxeViolations(page, 'admin login');

    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Forgot password' })).toBeVisible();
    await expectNoAxeViolations(page, 'forgot password mode');
    await page.getByLabel('Email address').fill(ADMIN.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'If your email exists in our system' })).toHaveText(
      'If your email exists in our system, you will receive a password reset link.',
    );
    await expectNoAxeViolations(page, 'forgot password sent');

    // 2. The e-mail's link leads to the reset form.
    const link = await waitForResetLink(mailDir, known, ADMIN.email, base);
    const resetToken = decodeURIComponent(link.slice(link.indexOf('#token=') + '#token='.length));
    const urlsRequested: string[] = [];
    page.on('request', (request) => urlsRequested.push(request.url()));
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset Password');
    await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'reset password form');

    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'reset' })).toHaveText(
      'Your password has been reset successfully!',
    );
    passwordToRestore = newPassword;
    // The token went in request bodies only: no URL a server could log holds it.
    expect(urlsRequested.filter((url) => url.includes(resetToken))).toEqual([]);
    await expectNoAxeViolations(page, 'reset password success');
    await expect(page).toHaveURL(/\/adminlogin$/, { timeout: 5_000 });

    // 3. The link works once only.
    await page.goto(link);
    await expect(page.getByRole('alert')).toHaveText('Invalid or expired password reset link.');
    await expectNoAxeViolations(page, 'used reset link');

    // 4. Sign in with the new password.
    await page.goto('/adminlogin');
    await signIn(page, ADMIN.username, newPassword);
    await expect(page).toHaveURL(/\/dashboard$/);
    const sidebar = page.getByRole('complementary');
    const storedUser = JSON.parse((await page.evaluate(() => localStorage.getItem('user'))) ?? '{}') as {
      name?: string;
      role?: string;
    };
    await expect(sidebar).toContainText(storedUser.name || ADMIN.username);
    await expect(sidebar).toContainText(storedUser.role || 'Coordinator');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
    await expectNoAxeViolations(page, 'dashboard');

    // 5. Settings: change the password back to the first one.
    await page.getByRole('navigation', { name: 'Dashboard navigation' }).getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
    await expect(page.getByRole('region', { name: 'Your account' })).toContainText(ADMIN.email);
    await expectNoAxeViolations(page, 'settings');

    await page.getByLabel('Current password').fill(newPassword);
    await page.getByLabel('New password', { exact: true }).fill(ADMIN.password);
    await page.getByLabel('Confirm new password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Password changed successfully!');
    passwordToRestore = null;
    await expect(page.getByLabel('Current password')).toHaveValue('');
    await expectNoAxeViolations(page, 'settings after the change');

    // The browser keeps the new access token the server answered with (it revoked the others).
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const me = await request.get('/api/users/me/', { headers: { Authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(200);

    // 6. Sign out through the user menu; the dashboard is closed again.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/adminlogin$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Login');
    await expectNoAxeViolations(page, 'signed out');

    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/adminlogin$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  } finally {
    // A failure after the reset must not leave the account on a password nobody knows.
    if (passwordToRestore) await restorePassword(request, passwordToRestore);
  }
});
