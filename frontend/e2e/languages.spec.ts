import { expect, test, type Page } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { ADMIN, publishedEvent, signIn } from './admin';
import { expectNoAxeViolations } from './axe';
import { solvedChallenge } from './challenge';
import { header, mailsTo, readMails } from './mail';
import { approvedMember, memberSignInLink } from './member';
import { expectNothingOverflows, PUBLIC_ROUTES, waitForPublicPage } from './routes';
import { keepScreenshot } from './screenshots';

const MAIL_DIR = process.env.E2E_MAIL_DIR ?? '';
const PHONE = { width: 390, height: 844 };

// The languages this build offers: those with a common catalogue, as the app decides (src/lib/i18n.ts).
// In the picker's order, each named in itself.
const NAMES = { rw: 'Ikinyarwanda', en: 'English', fr: 'Français', sw: 'Kiswahili' } as const;
const LANGUAGES = Object.keys(NAMES) as (keyof typeof NAMES)[];
const catalogueFile = (language: string, namespace: string) =>
  fileURLToPath(new URL(`../src/locales/${language}/${namespace}.json`, import.meta.url));
const OFFERED = LANGUAGES.filter((language) => existsSync(catalogueFile(language, 'common')));

/** A text of a catalogue, as the page shows it in that language. */
function text(language: string, namespace: string, path: string): string {
  const catalogue = JSON.parse(readFileSync(catalogueFile(language, namespace), 'utf8')) as Record<string, unknown>;
  return path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], catalogue) as string;
}

/** The language the next page loads in, as a returning visitor's stored choice. */
async function chooseBeforeLoad(page: Page, language: string) {
  await page.addInitScript((chosen) => window.localStorage.setItem('language', chosen), language);
}

const slug = (path: string) => path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';

// The Kinyarwanda journey exists once the build offers Kinyarwanda (its catalogues are written
// apart from the code); until then the build offers nothing to switch to.
if (OFFERED.includes('rw')) {
  test('a visitor switches to Ikinyarwanda on /events, and the site keeps it', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/events');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const picker = page.getByRole('combobox', { name: 'Language' });
    await expect(picker.getByRole('option')).toHaveText(OFFERED.map((language) => NAMES[language]));

    const asked = page.waitForRequest((request) => request.url().includes('/api/') && request.headers()['accept-language'] === 'rw');
    await picker.selectOption({ label: 'Ikinyarwanda' });
    await expect(page.locator('html')).toHaveAttribute('lang', 'rw');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(text('rw', 'events', 'list.title'));
    await expect(page.getByRole('contentinfo')).toContainText(text('rw', 'common', 'footer.aboutHeading'));

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'rw');
    await expect(page.getByRole('combobox', { name: text('rw', 'common', 'language.label') })).toHaveValue('rw');
    await expect(heading).toHaveText(text('rw', 'events', 'list.title'));
    await asked; // the API hears the language too: its messages come back in it
    await expectNoAxeViolations(page, '/events in Kinyarwanda');
  });
}

for (const language of OFFERED) {
  test.describe(`${NAMES[language]} (${language})`, () => {
    // In English, public-site.spec.ts walks the same pages at a phone's and a desktop's width.
    if (language !== 'en') {
      test(`every public page fits a phone, reads in ${language} and passes axe`, async ({ page, request }, testInfo) => {
        test.setTimeout(180_000);
        const events = (await (await request.get('/api/management/public-events/')).json()) as { id: number }[];
        const routes = [...PUBLIC_ROUTES.map(([path]) => path), ...(events[0] ? [`/event/${events[0].id}`] : [])];
        await page.setViewportSize(PHONE);
        await chooseBeforeLoad(page, language);
        for (const path of routes) {
          await page.goto(path);
          await expect(page.locator('html')).toHaveAttribute('lang', language);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await expect(page.getByRole('contentinfo')).toContainText(text(language, 'common', 'footer.aboutHeading'));
          await waitForPublicPage(page);
          await expectNothingOverflows(page, `${path} in ${language}`);
          await keepScreenshot(page, testInfo, `${language}-${slug(path)}`);
          await expectNoAxeViolations(page, `${path} in ${language}`);
        }
      });
    }

    test(`the dashboard fits a phone, reads in ${language} and passes axe`, async ({ page }, testInfo) => {
      test.setTimeout(180_000);
      await signIn(page); // the sign-in page in English: the journey's labels are English ones
      await chooseBeforeLoad(page, language);
      await page.setViewportSize(PHONE);
      for (const path of ['/dashboard', '/dashboard/events', '/dashboard/members', '/dashboard/registrations', '/dashboard/payments', '/dashboard/create-event', '/dashboard/reports', '/dashboard/content', '/dashboard/content?tab=messages', '/dashboard/signed-videos', '/dashboard/system', '/dashboard/activity', '/dashboard/privacy', '/dashboard/settings', '/dashboard/profile']) {
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.locator('.spinner, .loading-text')).toHaveCount(0);
        await expectNothingOverflows(page, `${path} in ${language}`);
        await keepScreenshot(page, testInfo, `${language}-${slug(path)}`);
        await expectNoAxeViolations(page, `${path} in ${language}`);
      }
    });
  });
}

// A member's own page is reached by an e-mailed link: one sign-in (the session is the tab's and
// outlives a reload), then the page in each language the build offers.
test("a member's own page fits a phone, reads in every language and passes axe", async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const email = `member-languages-${Date.now()}@example.com`;
  await approvedMember(request, email, { full_name: 'Aline Mukamana' });
  await page.setViewportSize(PHONE);
  await page.goto(await memberSignInLink(page, email));
  await expect(page.getByRole('heading', { level: 2, name: /Aline Mukamana/ })).toBeVisible();
  for (const language of OFFERED) {
    await page.evaluate((chosen) => window.localStorage.setItem('language', chosen), language);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, 'membership', 'mine.title'));
    await expect(page.getByRole('heading', { level: 2, name: /Aline Mukamana/ })).toBeVisible();
    await expect(page.locator('.spinner, .loading-text')).toHaveCount(0);
    await expectNothingOverflows(page, `/my-membership signed in, in ${language}`);
    await keepScreenshot(page, testInfo, `${language}-my-membership-signed-in`);
    await expectNoAxeViolations(page, `/my-membership signed in, in ${language}`);
  }
});

test('a registrant who prefers French gets the e-mail in French, and the row says so', async ({ page, request }) => {
  const title = `Journée des langues ${Date.now()}`;
  const eventId = await publishedEvent(request, { title, price: 5000 });
  const email = `francais-${Date.now()}@example.com`;
  const response = await request.post(`/api/management/events/${eventId}/register/`, {
    headers: await solvedChallenge(request),
    data: { full_name: 'Amélie Uwimana', email, phone: '+250722123456', preferred_language: 'French', disability: 'None', agree_to_terms: true },
  });
  expect(response.status()).toBe(201);

  // The worker wrote the e-mail (an .eml file) in the language of the registrant's choice.
  const [received] = await mailsTo(MAIL_DIR, email, 1);
  expect(received).toContain('Pour garder votre place, ouvrez ce lien dans les 30 minutes.');
  expect(received).toContain('Montant à payer : 5\u202f000 Rwf');

  // Operators see which language each e-mail went out in (Django admin, the notification log).
  await page.goto('/admin/login/');
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.goto(`/admin/notifications/notification/?q=${encodeURIComponent(email)}`);
  const row = page.getByRole('row').filter({ hasText: 'registration_received' });
  await expect(row.locator('.field-language')).toHaveText('fr');
});

test('the e-mail file names its language', async ({ request }) => {
  const email = `contact-${Date.now()}@example.com`;
  const response = await request.post('/api/management/contact-form/', {
    headers: { 'Accept-Language': 'sw', ...(await solvedChallenge(request)) },
    data: { name: 'Amani', email, message: 'Habari, nina swali.' },
  });
  expect(response.status()).toBe(200);
  expect(((await response.json()) as { message: string }).message).toBe('Ujumbe wako umetumwa!');
  const [acknowledgement] = await mailsTo(MAIL_DIR, email, 1);
  expect(acknowledgement).toContain('Asante kwa kuwasiliana na');
  const [file] = (await readMails(MAIL_DIR)).filter((mail) => header(mail.raw, 'To') === email);
  expect(header(file?.raw ?? '', 'Content-Language')).toBe('sw');
});
