import { expect, type APIRequestContext, type Page } from '@playwright/test';

import { staffToken } from './admin';
import { linkTo, mailsTo } from './mail';

const MAIL_DIR = process.env.E2E_MAIL_DIR ?? '';

/** An approved member, set up through the staff API (their id). */
export async function approvedMember(
  request: APIRequestContext,
  email: string,
  fields: Record<string, unknown> = {},
): Promise<number> {
  const headers = { Authorization: `Bearer ${await staffToken(request)}` };
  const created = await request.post('/api/management/members/', {
    headers,
    data: {
      full_name: 'Playwright Member',
      email,
      phone: '0788 300 401',
      membership_type: 'Individual',
      date_of_birth: '1990-03-04',
      gender: 'Female',
      nationality: 'Rwandan',
      address: 'KK 15 Rd, Kigali',
      payment_method: 'Mobile Money',
      agree_to_terms: true,
      ...fields,
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  expect((await request.post(`/api/management/members/${id}/approve/`, { headers })).status()).toBe(200);
  return id;
}

/**
 * The member's sign-in link, asked for on /my-membership (in English) and read from the e-mail
 * the worker wrote: `earlier` is how many e-mails to the address come before it (the application's
 * acknowledgement and the welcome of an approved member).
 */
export async function memberSignInLink(page: Page, email: string, earlier = 2): Promise<string> {
  expect(MAIL_DIR, 'E2E_MAIL_DIR must be set').toBeTruthy();
  await page.goto('/my-membership');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
  await expect(page.getByRole('status')).toContainText('If this address belongs to a member, a sign-in link is on its way.');
  const mails = await mailsTo(MAIL_DIR, email, earlier + 1);
  const links = mails.filter((text) => text.includes('/my-membership#token='));
  return linkTo(links[links.length - 1] ?? '', '/my-membership');
}
