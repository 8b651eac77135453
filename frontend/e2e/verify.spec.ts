import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { staffToken } from './admin';
import { expectNoAxeViolations } from './axe';
import { expectNothingOverflows } from './routes';
import { keepScreenshot } from './screenshots';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const PHONE = { width: 390, height: 844 };

/** The card's code, as its QR code carries it: read by the server's own function (kept sealed). */
function cardCode(memberId: number): string {
  const code = [
    'from services.members.models import Member',
    'from services.members.verification import card_code',
    `print(card_code(Member.objects.get(pk=${memberId})))`,
  ].join('\n');
  const out = execFileSync('.venv/bin/python', ['manage.py', 'shell', '-v0', '-c', code], { cwd: REPO, env: process.env, stdio: 'pipe' });
  const card = out.toString().trim();
  expect(card).toMatch(/^[\w-]{24}$/);
  return card;
}

test('a member’s card verifies on a phone in every language, and its PDF carries the same address', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const token = await staffToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  const stamp = String(Date.now()).slice(-7);
  const created = await request.post('/api/management/members/', {
    headers,
    data: {
      full_name: 'Émilie Card Holder',
      email: `card-${stamp}@example.org`,
      phone: `+25078${stamp}`,
      date_of_birth: '1990-01-01',
      gender: 'Female',
      nationality: 'Rwandan',
      address: 'Kigali',
      membership_type: 'Individual',
      payment_method: 'Mobile Money',
      agree_to_terms: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const member = (await created.json()) as { id: number };
  const approved = await request.post(`/api/management/members/${member.id}/approve/`, { headers });
  expect(approved.status(), await approved.text()).toBe(200);
  const { membership_number: number } = (await approved.json()) as { membership_number: string };
  const code = cardCode(member.id);

  const card = await request.get(`/api/management/members/${member.id}/card.pdf`, { headers });
  expect(card.status()).toBe(200);
  const pdf = await card.body();
  expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
  expect(pdf.toString('latin1')).toContain(`/verify/${code}`); // the link annotation's address

  await page.setViewportSize(PHONE);
  await page.goto(`/verify/${code}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Verification' })).toBeVisible();
  const verdict = page.getByRole('heading', { level: 2, name: 'Valid member' });
  await expect(verdict).toBeVisible();
  await expect(page.locator('.notice--success')).toBeVisible();
  await expect(page.getByRole('article')).toContainText(number);
  await expect(page.getByRole('article')).toContainText('Émilie Card Holder');
  await expect(page.getByRole('article')).not.toContainText(`card-${stamp}@example.org`);
  await expectNothingOverflows(page, '/verify/{code}');
  await expectNoAxeViolations(page, '/verify/{code}');
  await keepScreenshot(page, testInfo, 'verify-en');

  for (const language of ['fr', 'rw', 'sw']) {
    await page.evaluate((chosen) => window.localStorage.setItem('language', chosen), language);
    await page.goto(`/verify/${code}`);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByRole('article')).toContainText(number);
    await expectNothingOverflows(page, `/verify/{code} in ${language}`);
    await expectNoAxeViolations(page, `/verify/{code} in ${language}`);
    await keepScreenshot(page, testInfo, `verify-${language}`);
  }

  // One character changed: the same not-found answer as any made-up code.
  await page.evaluate(() => window.localStorage.setItem('language', 'en'));
  const altered = code.slice(0, -1) + (code.endsWith('A') ? 'B' : 'A');
  await page.goto(`/verify/${altered}`);
  await expect(page.getByRole('alert')).toContainText('Not found');
  await expectNoAxeViolations(page, '/verify/{altered code}');
  await keepScreenshot(page, testInfo, 'verify-not-found');
});
