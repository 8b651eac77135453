import { expect, test, type APIRequestContext } from '@playwright/test';

import { isoDateIn, publishedEvent, signIn, staffToken } from './admin';
import { expectNoAxeViolations } from './axe';
import { solvedChallenge } from './challenge';
import { header, linkTo, mailText, readMails } from './mail';
import { expectNothingOverflows } from './routes';
import { keepScreenshot, SCREENSHOTS } from './screenshots';

const MAIL_DIR = process.env.E2E_MAIL_DIR ?? '';

/** Waits (up to 60 s: the worker credits and renders the PDF) for an e-mail to `to` whose text has all of `parts`. */
async function mailWith(to: string, parts: string[]): Promise<{ text: string; raw: string }> {
  let found: { text: string; raw: string } | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await readMails(MAIL_DIR))
          .filter((mail) => header(mail.raw, 'To') === to)
          .map((mail) => ({ text: mailText(mail.raw), raw: mail.raw }));
        found = mails.find((mail) => parts.every((part) => mail.text.includes(part)));
        return found !== undefined;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  return found ?? { text: '', raw: '' };
}

/** Checks a registration in through the door's API, as a phone that found it by name would. */
async function checkIn(request: APIRequestContext, headers: Record<string, string>, eventId: number, name: string) {
  const list = await request.get(`/api/management/events/${eventId}/checkin-list/`, { headers });
  expect(list.status()).toBe(200);
  const entries = ((await list.json()) as { entries: { name: string; code_hash: string }[] }).entries;
  const entry = entries.find((item) => item.name === name);
  expect(entry, `${name} on the check-in list`).toBeTruthy();
  const scans = [{ ticket: entry?.code_hash, nonce: `cpd-${Date.now()}`, scanned_at: new Date().toISOString(), device: 'cpd-door' }];
  const synced = await request.post(`/api/management/events/${eventId}/checkins/`, { headers, data: scans });
  expect(synced.status(), await synced.text()).toBe(200);
  expect(((await synced.json()) as { results: { result: string }[] }).results[0]?.result).toBe('checked_in');
}

test('a member checked in at an event with CPD hours sees the hours and downloads the certificate', async ({ page, request }) => {
  test.setTimeout(180_000);
  expect(MAIL_DIR, 'E2E_MAIL_DIR must be set').toBeTruthy();
  const stamp = Date.now();
  const email = `cpd-${stamp}@example.com`;
  const headers = { Authorization: `Bearer ${await staffToken(request)}` };

  // An approved member.
  const created = await request.post('/api/management/members/', {
    headers,
    data: {
      full_name: 'Claudine CPD',
      email,
      phone: `0788 ${String(stamp).slice(-3)} ${String(stamp).slice(-6, -3)}`,
      membership_type: 'Individual',
      date_of_birth: '1988-06-01',
      gender: 'Female',
      nationality: 'Rwandan',
      address: 'KG 9 Ave, Kigali',
      payment_method: 'Mobile Money',
      agree_to_terms: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id: memberId } = (await created.json()) as { id: number };
  expect((await request.post(`/api/management/members/${memberId}/approve/`, { headers })).status()).toBe(200);

  // An event of today with 3.5 CPD hours; the member registers with their address in other capitals.
  const title = `Interpreting ethics day ${stamp}`;
  const eventId = await publishedEvent(request, {
    title,
    date: isoDateIn(0),
    price: 3000,
    cpd_hours: 3.5,
    cpd_category: 'Ethics and professional practice',
  });
  const registered = await request.post(`/api/management/events/${eventId}/register/`, {
    headers: await solvedChallenge(request),
    data: {
      full_name: 'Claudine CPD',
      email: email.toUpperCase(),
      phone: `0789 ${String(stamp).slice(-3)} ${String(stamp).slice(-6, -3)}`,
      preferred_language: 'English',
      disability: 'None',
      needs_interpreter: false,
      agree_to_terms: true,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const registrationId = ((await registered.json()) as { registration: { id: number } }).registration.id;
  const approved = await request.post(`/api/management/registrations/${registrationId}/update-status/`, {
    headers,
    data: { registration_status: 'Approved', transaction_id: `MP-C${String(stamp).slice(-7)}`, payment_method: 'Mobile Money' },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  await checkIn(request, headers, eventId, 'Claudine CPD');

  // Completed: the worker credits the hours and e-mails the certificate.
  const completed = await request.post(`/api/management/events/${eventId}/change-status/`, { headers, data: { status: 'Completed' } });
  expect(completed.status()).toBe(200);
  const certificateMail = await mailWith(email, [title, 'You have been credited 3.5 CPD hours']);
  expect(certificateMail.raw).toContain('filename="cpd-certificate.pdf"');

  // The member signs in by the e-mailed link.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/my-membership');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
  await expect(page.getByRole('status')).toContainText('If this address belongs to a member');
  const signIn = await mailWith(email, ['/my-membership#token=']);
  await page.goto(linkTo(signIn.text, '/my-membership'));
  await expect(page.getByRole('heading', { name: 'Welcome, Claudine CPD' })).toBeFocused();

  const panel = page.getByRole('region', { name: 'CPD hours and certificates' });
  const year = isoDateIn(0).slice(0, 4);
  await expect(panel.getByRole('heading', { name: `${year}: 3.5 hours` })).toBeVisible();
  await expect(panel.getByRole('row', { name: 'Ethics and professional practice 3.5' })).toBeVisible();
  await expect(panel.getByText(title)).toBeVisible();
  await expectNoAxeViolations(page, 'my membership: CPD');
  await expectNothingOverflows(page, 'my membership CPD at 390 px');
  await panel.scrollIntoViewIfNeeded();
  await keepScreenshot(page, test.info(), 'cpd-member-panel');

  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: `Download the certificate for ${title} (PDF)` }).click();
  const certificate = await download;
  expect(certificate.suggestedFilename()).toMatch(/^cpd-certificate-\d+\.pdf$/);
  const statement = page.waitForEvent('download');
  await panel.getByRole('button', { name: `Download the ${year} statement (PDF)` }).click();
  expect((await statement).suggestedFilename()).toBe(`cpd-statement-${year}.pdf`);
});

test('staff credit hours by hand, revoke a credit with a reason, and download the CPD report', async ({ page, request }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const letters = String(stamp).replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'a');
  const name = `Desk Member ${letters}`;
  const email = `cpd-desk-${stamp}@example.com`;
  const headers = { Authorization: `Bearer ${await staffToken(request)}` };
  const created = await request.post('/api/management/members/', {
    headers,
    data: {
      full_name: name,
      email,
      phone: `0788 ${String(stamp).slice(-3)} ${String(stamp).slice(-6, -3)}`,
      membership_type: 'Individual',
      date_of_birth: '1985-02-03',
      gender: 'Male',
      nationality: 'Rwandan',
      address: 'KN 4 Ave, Kigali',
      payment_method: 'Mobile Money',
      agree_to_terms: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  expect((await request.post(`/api/management/members/${id}/approve/`, { headers })).status()).toBe(200);

  await signIn(page);
  // The event form's CPD fields, and what the public page says.
  const eventId = await publishedEvent(request, { title: `CPD form ${letters}`, cpd_hours: 1.5, cpd_category: 'Language' });
  await page.goto(`/dashboard/edit-event/${eventId}`);
  await expect(page.getByLabel('CPD hours')).toHaveValue('1.5');
  await expect(page.getByLabel('CPD category')).toHaveValue('Language');
  await page.getByLabel('CPD hours').scrollIntoViewIfNeeded();
  await keepScreenshot(page, test.info(), 'cpd-event-form', { fullPage: false });
  await page.goto(`/event/${eventId}`);
  await expect(page.getByText('CPD: 1.5 hours (Language)')).toBeVisible();

  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Dashboard navigation' }).getByRole('link', { name: 'Members' }).click();
  await page.getByRole('searchbox', { name: 'Search members' }).fill(email);
  await page.getByRole('row').filter({ hasText: email }).getByRole('button', { name: `View ${name}` }).click();
  const dialog = page.getByRole('dialog', { name });
  const section = dialog.getByRole('region', { name: 'CPD hours' });
  await expect(section.getByText('No CPD hours credited yet.')).toBeVisible();

  // Out of range: the server's message on the field, which takes the focus.
  await section.getByLabel('Hours').fill('41');
  await section.getByLabel('CPD category').selectOption('Language');
  await section.getByLabel(/Activity/).fill('WASLI regional workshop, Nairobi');
  await section.getByLabel('Date', { exact: true }).fill(isoDateIn(-10));
  await section.getByRole('button', { name: 'Credit hours' }).click();
  await expect(section.getByLabel('Hours')).toBeFocused();
  await expect(section.getByLabel('Hours')).toHaveAttribute('aria-invalid', 'true');
  await section.getByLabel('Hours').fill('6');
  await section.getByRole('button', { name: 'Credit hours' }).click();
  await expect(section.getByText('Hours credited. The member is e-mailed their certificate.')).toBeVisible();
  await expect(section.getByText('6 hours in all (revoked credits not counted).')).toBeVisible();
  await expect(section.getByText('Credited by hand by admin')).toBeVisible();
  await expectNoAxeViolations(page, 'member view: CPD');
  await section.scrollIntoViewIfNeeded();
  await keepScreenshot(page, test.info(), 'cpd-staff-section');

  await section.getByRole('button', { name: 'Revoke the credit for WASLI regional workshop, Nairobi' }).click();
  await section.getByLabel('Reason for revoking').fill('Entered for the wrong member');
  await section.getByRole('button', { name: 'Revoke credit' }).click();
  await expect(section.getByText(/Revoked by admin on .*: Entered for the wrong member/)).toBeVisible();
  await expect(section.getByText('0 hours in all (revoked credits not counted).')).toBeVisible();
  if (SCREENSHOTS) await section.screenshot({ path: test.info().outputPath('cpd-staff-revoked.png') });

  // The report: CPD hours per member per year, as CSV.
  await page.goto('/dashboard/reports');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CPD hours per member (CSV)' }).click();
  expect((await download).suggestedFilename()).toBe('cpd-hours.csv');
});
