import { expect, test, type Page } from '@playwright/test';

import { isoDateIn, signIn } from './admin';
import { expectNoAxeViolations } from './axe';
import { header, linkTo, mailText, readMails } from './mail';
import { expectNothingOverflows } from './routes';
import { keepScreenshot } from './screenshots';

const MAIL_DIR = process.env.E2E_MAIL_DIR ?? '';
// The demo's interpreter in Gasabo for medical assignments in Rwandan Sign Language (seed_demo).
const ALINE = { name: 'Aline U.', email: 'aline.uwase@example.org' };
const PHONE = { width: 390, height: 844 };

/** Waits (up to 30 s) for an e-mail to `to` whose text holds every one of `needles`; its text. */
async function mailWith(to: string, ...needles: string[]): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        const texts = (await readMails(MAIL_DIR))
          .filter((mail) => header(mail.raw, 'To') === to)
          .map((mail) => mailText(mail.raw));
        found = texts.find((text) => needles.every((needle) => text.includes(needle))) ?? '';
        return found !== '';
      },
      { timeout: 30_000, intervals: [250] },
    )
    .toBe(true);
  return found;
}

async function atPhoneWidth(page: Page, label: string) {
  const size = page.viewportSize();
  await page.setViewportSize(PHONE);
  await expectNothingOverflows(page, `${label} at 390 px`);
  await expectNoAxeViolations(page, `${label} at 390 px`);
  if (size) await page.setViewportSize(size);
}

test('a visitor asks for an interpreter, staff offer it, the interpreter accepts and the requester is told who comes', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  expect(MAIL_DIR, 'E2E_MAIL_DIR must be set').toBeTruthy();
  const run = String(Date.now()).slice(-6);
  const requester = { name: 'Claudine Mukamana', email: `requester-${run}@example.com` };

  // 1. The visitor's form: the rules are explained, the team of two is announced past two hours.
  await page.goto('/request-interpreter');
  await expect(page.getByRole('heading', { level: 1, name: 'Request an interpreter' })).toBeVisible();
  await expectNoAxeViolations(page, 'request form');
  await page.getByLabel('Who is asking').selectOption('hospital');
  await page.getByLabel('Your name').fill(requester.name);
  await page.getByLabel('E-mail address').fill(requester.email);
  await page.getByRole('textbox', { name: 'Date', exact: true }).fill(isoDateIn(6));
  await page.getByLabel('Start time').fill('10:00');
  await page.getByLabel('Duration').selectOption('180');
  await expect(page.getByText('Over two hours, a team of two interpreters is needed')).toBeVisible();
  await page.getByLabel('Duration').selectOption('60');
  await page.getByLabel('District').selectOption('Gasabo');
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('King Faisal Hospital, KG 544 St');
  await page.getByRole('combobox', { name: 'Setting', exact: true }).selectOption('medical');
  await page.getByRole('checkbox', { name: 'Kinyarwanda' }).check();
  await keepScreenshot(page, testInfo, 'request-form');
  await page.getByRole('button', { name: 'Send the request' }).click();
  const done = page.getByRole('heading', { level: 1, name: 'Thank you: your request has been received' });
  await expect(done).toBeFocused();
  const reference = (await page.locator('.interpreting-done__reference strong').textContent()) ?? '';
  expect(reference).toMatch(/^IR-[A-Z0-9]{6}$/);
  await expectNoAxeViolations(page, 'request received');
  await keepScreenshot(page, testInfo, 'request-received');

  // The acknowledgement, with the cancel link.
  const acknowledgement = await mailWith(requester.email, reference, '/interpreter-request/cancel#token=');
  const cancelLink = linkTo(acknowledgement, '/interpreter-request/cancel');

  // 2. Staff open the request from the New tab and offer it to Aline.
  await signIn(page);
  await page.goto('/dashboard/interpreting');
  await expect(page.getByRole('heading', { level: 1, name: 'Interpreter requests' })).toBeVisible();
  await page.getByRole('button', { name: reference }).click();
  const detail = page.getByRole('region', { name: `Request ${reference}` });
  await expect(detail.getByText(requester.email, { exact: false })).toBeVisible();
  const aline = detail.getByRole('checkbox', { name: new RegExp(ALINE.name) });
  await expect(aline).toBeVisible();
  await expectNoAxeViolations(page, 'staff request detail');
  await keepScreenshot(page, testInfo, 'staff-request');
  await aline.check();
  await detail.getByRole('button', { name: 'Offer to 1 interpreter' }).click();
  await expect(detail.getByRole('status').filter({ hasText: 'The offers were sent.' })).toBeVisible();
  await expect(detail.getByRole('cell', { name: 'Waiting for an answer' })).toBeVisible();
  await atPhoneWidth(page, 'staff requests');
  await keepScreenshot(page, testInfo, 'staff-request-390', { fullPage: true });

  // 3. Aline accepts from her e-mail's link (a browser of her own, no staff session).
  const offerMail = await mailWith(ALINE.email, reference, '/interpreter-offer#token=');
  const interpreter = await browser.newContext();
  const offerPage = await interpreter.newPage();
  await offerPage.goto(linkTo(offerMail, '/interpreter-offer'));
  await expect(offerPage).toHaveURL(/\/interpreter-offer$/); // the token left the address bar
  await expectNoAxeViolations(offerPage, 'offer page');
  await keepScreenshot(offerPage, testInfo, 'offer');
  await offerPage.getByRole('button', { name: 'Accept' }).click();
  await expect(offerPage.getByRole('heading', { name: 'The assignment is yours' })).toBeFocused();
  await atPhoneWidth(offerPage, 'offer page');
  await interpreter.close();

  // 4. The requester is told who is coming, with the cancel link again.
  const told = await mailWith(requester.email, reference, ALINE.name);
  expect(told).toContain('/interpreter-request/cancel#token=');

  // 5. The summary counts it; the requester cancels with the link (Aline is told).
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto('/interpreting');
  await expect(visitorPage.getByRole('heading', { level: 1, name: 'Interpreting in numbers' })).toBeVisible();
  await expect(visitorPage.getByText(requester.email)).toHaveCount(0);
  await expectNoAxeViolations(visitorPage, 'summary');
  await atPhoneWidth(visitorPage, 'summary');
  await keepScreenshot(visitorPage, testInfo, 'summary');
  await visitorPage.goto(cancelLink);
  await expectNoAxeViolations(visitorPage, 'cancel page');
  await atPhoneWidth(visitorPage, 'cancel page');
  await visitorPage.getByRole('button', { name: 'Cancel the request' }).click();
  await expect(visitorPage.getByRole('heading', { name: 'Your request is cancelled' })).toBeFocused();
  await mailWith(ALINE.email, reference, 'will not take place');
  await visitorPage.setViewportSize(PHONE);
  await visitorPage.goto('/request-interpreter');
  await expect(visitorPage.getByRole('heading', { level: 1, name: 'Request an interpreter' })).toBeVisible();
  await expectNothingOverflows(visitorPage, 'request form at 390 px');
  await expectNoAxeViolations(visitorPage, 'request form at 390 px');
  await keepScreenshot(visitorPage, testInfo, 'request-form-390');
  await visitor.close();
});
