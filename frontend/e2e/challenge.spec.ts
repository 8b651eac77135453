import { expect, test } from '@playwright/test';

const REFUSAL = 'We could not confirm that this form was sent from a browser. Please reload the page and try again.';

test('a public form proves itself with no puzzle, and what it sent works only once', async ({ page, request }) => {
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));

  await page.goto('/contact');
  await page.getByLabel('Name').fill('Playwright Challenge');
  await page.getByLabel('Email').fill(`challenge-${Date.now()}@example.com`);
  await page.getByLabel('Message').fill('Checking that the form needs no puzzle.');
  // Nothing to solve on the page: no extra checkbox, no widget.
  await expect(page.getByRole('checkbox')).toHaveCount(0);

  const sent = page.waitForRequest((call) => call.url().endsWith('/api/management/contact-form/') && call.method() === 'POST');
  await page.getByRole('button', { name: 'Send Message' }).click();
  const solution = (await sent).headers()['x-altcha'];
  await expect(page.getByRole('status').filter({ hasText: 'Your message has been sent successfully!' })).toBeVisible();

  // The browser solved it beside the page, in a Web Worker.
  expect(solution).toBeTruthy();
  expect(workers.some((url) => /challenge-worker/.test(url))).toBe(true);

  // A script that sends without one, or replays the browser's, is refused and changes nothing.
  const body = { name: 'Script', email: 'script@example.com', message: 'Spam' };
  const attempts: Record<string, string>[] = [{}, { 'X-Altcha': solution ?? '' }];
  for (const headers of attempts) {
    const refused = await request.post('/api/management/contact-form/', { headers, data: body });
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toEqual({ detail: REFUSAL, code: 'challenge_failed' });
  }
});
