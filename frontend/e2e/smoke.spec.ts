import { expect, test } from '@playwright/test';

import { expectNoAxeViolations } from './axe';
import { PUBLIC_ROUTES } from './routes';

// The admin area's screens outside the public layout, loaded as their own chunks.
const ADMIN_ROUTES: [path: string, heading: string][] = [
  ['/adminlogin', 'Admin Login'],
  ['/reset-password#token=some-token', 'Reset Password'],
  ['/reset-password/some-token', 'Reset Password'],
];

// Everything under /dashboard needs a signed-in administrator.
const GUARDED_ROUTES = ['/dashboard', '/dashboard/events', '/dashboard/reports', '/dashboard/settings'];

// Each public page once, quickly: its heading in its layout. public-site.spec.ts judges every page
// at a phone's and a desktop's width (axe, overflow) once its content is in place.
test.describe('public pages', () => {
  for (const [path, heading] of PUBLIC_ROUTES) {
    test(`${path} shows "${heading}" in the public layout`, async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()}`);
      expect(errors).toEqual([]);
    });
  }

  test('the menu toggle is only for small screens', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  });

  test('an unknown address shows the not-found page', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expectNoAxeViolations(page);
  });
});

test.describe('admin area', () => {
  for (const [path, heading] of ADMIN_ROUTES) {
    test(`${path} shows "${heading}" outside the public layout and passes axe`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
      await expectNoAxeViolations(page, path);
    });
  }

  for (const path of GUARDED_ROUTES) {
    test(`${path} sends an anonymous visitor to /adminlogin`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/adminlogin$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Login');
    });
  }
});
