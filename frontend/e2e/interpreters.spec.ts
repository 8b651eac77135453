import { expect, test } from '@playwright/test';

import { signIn } from './admin';
import { expectNoAxeViolations } from './axe';
import { approvedMember, memberSignInLink } from './member';
import { expectNothingOverflows } from './routes';
import { keepScreenshot } from './screenshots';

test('a visitor finds an interpreter by district and language, and reads the map as a list', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/interpreters');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find an interpreter');
  // The demo's listed interpreters (services/interpreting/demo.py): seven, one not listed.
  await expect(page.getByRole('heading', { level: 2, name: '7 interpreters found' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Hope I.' })).toHaveCount(0);

  const search = page.getByRole('search', { name: 'Search the directory' });
  await search.getByLabel('District').selectOption('Musanze');
  await search.getByLabel('Language').selectOption('Kiswahili');
  await expect(page.getByRole('heading', { level: 2, name: '1 interpreter found' })).toBeVisible();
  const card = page.getByRole('article', { name: 'Jeanne M.' });
  await expect(card).toContainText('Musanze, Burera');
  await expect(card.getByRole('link', { name: /Request this interpreter/ })).toHaveAttribute(
    'href',
    /\/request-interpreter\?interpreter=\d+$/,
  );
  await expect(page).toHaveURL(/district=Musanze/);

  // The map (lazy, no tiles fetched: MAP_TILE_URL is local) and the same facts as a list.
  const byDistrict = page.getByRole('region', { name: 'Interpreters by district' });
  await byDistrict.scrollIntoViewIfNeeded(); // Leaflet loads only when the map comes near
  await expect(page.getByRole('region', { name: 'Map of Rwanda: interpreters per district' })).toBeVisible();
  await expect(byDistrict.getByRole('button', { name: /^Gasabo\s+2 interpreters$/ })).toBeVisible();
  await expect(byDistrict.getByRole('button', { name: /^Rusizi\s+0 interpreters$/ })).toBeVisible();
  await byDistrict.getByRole('button', { name: /^Gasabo\s+2 interpreters$/ }).click();
  await expect(page.getByRole('heading', { level: 2, name: '0 interpreters found' })).toBeFocused();
  await search.getByLabel('Language').selectOption('');
  await expect(page.getByRole('heading', { level: 2, name: '2 interpreters found' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Aline U.' })).toBeVisible();
  await expectNoAxeViolations(page, 'interpreters at 390 px');
  await expectNothingOverflows(page, 'interpreters at 390 px');
  await keepScreenshot(page, testInfo, 'interpreters-390');
  await page.setViewportSize({ width: 1280, height: 900 });
  await keepScreenshot(page, testInfo, 'interpreters-desktop');
});

test('an interpreter fills their profile, consents, appears in the directory, then withdraws', async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const stamp = Date.now();
  const email = `interpreter-${stamp}@example.com`;
  await approvedMember(request, email, { full_name: 'Playwright Interpreter' });

  await page.setViewportSize({ width: 390, height: 844 });
  const link = await memberSignInLink(page, email);
  await page.goto(link);
  const panel = page.getByRole('region', { name: 'Your interpreter profile' });
  await expect(panel).toBeVisible();
  const name = `Pat ${String(stamp).slice(-5)}`;
  await panel.getByLabel('Name to show').fill(name);
  // Nothing chosen: the server refuses, and the focus goes to the first field it named.
  await panel.getByRole('button', { name: 'Save my profile' }).click();
  await expect(panel.getByRole('checkbox', { name: 'Rwandan Sign Language' })).toBeFocused();
  await panel.getByRole('checkbox', { name: 'Rwandan Sign Language' }).check();
  await panel.getByRole('checkbox', { name: 'Kinyarwanda' }).check();
  await panel.getByRole('checkbox', { name: 'Nyamasheke' }).check();
  await panel.getByRole('checkbox', { name: 'Education' }).check();
  await panel.getByLabel('Certification level').selectOption('Practising');
  await panel.getByLabel('Years of practice').fill('4');
  await panel.getByLabel('A short introduction').fill('School and church interpreting in the west.');
  await panel.getByRole('checkbox', { name: 'List me in the public directory of interpreters' }).check();
  await expect(panel.getByRole('checkbox', { name: /I agree that the association lists me/ })).toBeChecked();
  await panel.getByRole('button', { name: 'Save my profile' }).click();
  await expect(panel.getByText(/Your profile is saved. You will appear in the directory/)).toBeVisible();
  await expect(panel.getByText(/You are listed in the public directory/)).toBeVisible();
  await expectNoAxeViolations(page, 'my membership: interpreter profile');
  await expectNothingOverflows(page, 'my membership: interpreter profile at 390 px');
  await keepScreenshot(page, testInfo, 'interpreter-profile-390');

  // In the directory within a minute (the worker changes the cache's version).
  const directory = await page.context().newPage();
  await directory.setViewportSize({ width: 390, height: 844 });
  await expect(async () => {
    await directory.goto('/interpreters?district=Nyamasheke');
    await expect(directory.getByRole('article', { name })).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 60_000 });
  const card = directory.getByRole('article', { name });
  await expect(card).toContainText('Practising · 4 years of practice');
  await expect(card).not.toContainText('0788'); // the phone was not chosen
  await expect(card).not.toContainText(email);

  await panel.getByRole('button', { name: 'Withdraw from the directory' }).click();
  await expect(panel.getByText('You are not listed in the public directory.', { exact: true })).toBeVisible();
  await expect(async () => {
    await directory.goto('/interpreters?district=Nyamasheke');
    await expect(directory.getByRole('heading', { level: 2, name: /interpreters? found/ })).toBeVisible();
    await expect(directory.getByRole('article', { name })).toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: 60_000 });

  // Staff see the profile, listed or not, on their own screen.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signIn(staff);
  await staff.goto('/dashboard/interpreters');
  await staff.getByLabel('Search by name').fill(name);
  const row = staff.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Not listed');
  await row.getByRole('button', { name: /^Verify/ }).click();
  await expect(staff.getByText(`${name}'s certification is verified.`)).toBeVisible();
  await expect(row).toContainText(/By \S+ on/);
  await expectNoAxeViolations(staff, 'dashboard: interpreters');
  await keepScreenshot(staff, testInfo, 'staff-interpreters');
  await staffContext.close();
});
