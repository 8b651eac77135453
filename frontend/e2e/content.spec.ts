import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

import { expect, test, type Page } from '@playwright/test';

import { signIn, toasts } from './admin';
import { expectNoAxeViolations } from './axe';

// One of our own small sample PDFs serves as the file staff upload.
const PDF = fileURLToPath(new URL('../public/documents/sample-annual-report.pdf', import.meta.url));
const SAMPLES = ['Annual Report (sample)', 'Letter of Partnership (sample)', 'Certificate of Membership (sample)'];

test.beforeEach(async ({ context }) => {
  // Nothing leaves this machine (the demo data links to other websites).
  await context.route(
    (url) => !['127.0.0.1', 'localhost'].includes(url.hostname),
    (route) => route.abort(),
  );
});

function listItem(page: Page, title: string) {
  return page.getByRole('main').getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
}

/** Waits until the public list (cached; the worker clears it after a change) has `title`, or not. */
async function publicListHas(page: Page, path: string, title: string, present = true) {
  await expect
    .poll(
      async () => {
        const items = (await (await page.request.get(path)).json()) as { title: string }[];
        return items.some((item) => item.title === title);
      },
      { timeout: 10_000, intervals: [250, 500], message: `${title} in ${path}` },
    )
    .toBe(present);
}

test('staff upload a PDF resource and add an update; the public pages show and open them', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const title = `Journey Report ${stamp}`;
  const news = `Journey News ${stamp}`;

  await signIn(page);
  await page.getByRole('navigation', { name: 'Dashboard navigation' }).getByRole('link', { name: 'Content' }).click();
  await expect(page).toHaveURL(/\/dashboard\/content$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Content');
  await expect(page.getByRole('table', { name: 'Resources' })).toBeVisible();
  await expectNoAxeViolations(page, 'content admin, resources');

  // 1. Upload a PDF.
  await page.getByRole('button', { name: 'Add Resource' }).click();
  const form = page.getByRole('dialog', { name: 'Add Resource' });
  await expect(form.getByText(/at most 10 MB/)).toBeVisible();
  await expectNoAxeViolations(page, 'add resource form');
  await form.getByRole('textbox', { name: /^Title/ }).fill(title);
  await form.getByRole('textbox', { name: 'Description (optional)' }).fill('Uploaded by the journey.');
  await form.getByLabel(/^File/).setInputFiles(PDF);
  await form.getByRole('button', { name: 'Save Resource' }).click();
  await expect(toasts(page)).toContainText(`Resource "${title}" added successfully`);
  await expect(form).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText(`${title}.pdf`);
  await expect(row).toContainText('PDF');

  // 2. The public page lists it before the three samples, and View Document downloads it.
  await publicListHas(page, '/api/resources/', title);
  await page.goto('/Resources');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Resources');
  const item = listItem(page, title);
  await expect(item).toContainText('Uploaded by the journey.');
  const titles = await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents();
  expect(titles.slice(-3)).toEqual(SAMPLES);
  expect(titles.indexOf(title)).toBeLessThan(titles.length - 3);
  await expectNoAxeViolations(page, '/Resources');

  const view = item.getByRole('link', { name: /^View Document/ });
  await expect(view).toHaveAttribute('target', '_blank');
  // The link opens a new tab, which Chromium turns into a download (an attachment) of this page.
  const [download] = await Promise.all([page.waitForEvent('download'), view.click()]);
  expect(download.suggestedFilename()).toBe(`${title}.pdf`);
  expect(await readFile(await download.path())).toEqual(await readFile(PDF));

  const href = (await view.getAttribute('href')) ?? '';
  const answer = await page.request.get(href);
  expect(answer.headers()['content-type']).toBe('application/pdf');
  expect(answer.headers()['x-content-type-options']).toBe('nosniff');
  expect(answer.headers()['content-security-policy']).toContain('sandbox');
  expect(answer.headers()['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(`${title}.pdf`)}`);

  // The samples are our own files and open offline.
  for (const sample of SAMPLES) {
    const link = listItem(page, sample).getByRole('link', { name: /^View Document/ });
    const file = await page.request.get((await link.getAttribute('href')) ?? '');
    expect(file.ok(), sample).toBe(true);
    expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');
  }

  // 3. An update, on the Updates tab.
  await page.goto('/dashboard/content');
  await page.getByRole('tab', { name: 'Updates' }).click();
  await expect(page).toHaveURL(/\?tab=updates$/);
  await expect(page.getByRole('table', { name: 'Updates' })).toBeVisible();
  await expectNoAxeViolations(page, 'content admin, updates');
  await page.getByRole('button', { name: 'Add Update' }).click();
  const updateForm = page.getByRole('dialog', { name: 'Add Update' });
  await updateForm.getByRole('textbox', { name: /^Title/ }).fill(news);
  await updateForm.getByLabel(/^Date/).fill('2026-06-15');
  await updateForm.getByRole('textbox', { name: 'Description (optional)' }).fill('Told by the journey.');
  await updateForm.getByRole('textbox', { name: /^Read More link/ }).fill('https://example.org/journey');
  await updateForm.getByRole('button', { name: 'Save Update' }).click();
  await expect(toasts(page)).toContainText(`Update "${news}" added successfully`);
  await expect(page.getByRole('row').filter({ hasText: news })).toContainText('Jun 15, 2026');

  await publicListHas(page, '/api/updates/', news);
  await page.goto('/Updates');
  const update = listItem(page, news);
  await expect(update).toContainText('Jun 15, 2026');
  await expect(update).toContainText('Told by the journey.');
  await expect(update.getByRole('link', { name: /^Read More/ })).toHaveAttribute('href', 'https://example.org/journey');
  await expectNoAxeViolations(page, '/Updates');

  // 4. Deleting the resource takes its file with it.
  await page.goto('/dashboard/content');
  await page.getByRole('button', { name: `Delete ${title}` }).click();
  await page.getByRole('dialog', { name: 'Delete Resource' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toasts(page)).toContainText(`Resource "${title}" was deleted successfully`);
  expect((await page.request.get(href)).status()).toBe(404);
  await publicListHas(page, '/api/resources/', title, false);
});
