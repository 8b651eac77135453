import { readFile } from 'node:fs/promises';

import { expect, test, type Locator, type Page } from '@playwright/test';

import { signIn } from './admin';
import { expectNoAxeViolations } from './axe';
import { keepScreenshot } from './screenshots';

interface Summary {
  members: Record<'total' | 'active' | 'inactive' | 'pending', number>;
  registrations: Record<'total' | 'pending' | 'approved' | 'rejected', number>;
  events: Record<'total' | 'upcoming', number>;
}

/** A card's figures as "Term value" lines, e.g. "Active 16". */
async function cardFigures(page: Page, name: string): Promise<string[]> {
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name }) });
  return card.locator('dl > div').evaluateAll((pairs) =>
    pairs.map((pair) => `${pair.querySelector('dt')?.textContent} ${pair.querySelector('dd')?.textContent}`),
  );
}

/** The cells of a table as shown, its header row first. */
async function tableCells(table: Locator): Promise<string[][]> {
  return table
    .getByRole('row')
    .evaluateAll((rows) =>
      rows.map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent ?? '')),
    );
}

/** RFC 4180 CSV (quoted cells, doubled quotes, CRLF) into rows; an apostrophe-defused cell stays as written. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index += 1;
    } else cell += char;
  }
  return rows;
}

/** The three cards' figures as the page would show `summary`. */
function figuresOf(summary: Summary): string[][] {
  const { members, registrations, events } = summary;
  return [
    [`Applications received ${members.total}`, `Active ${members.active}`, `Inactive ${members.inactive}`, `Not approved ${members.pending}`],
    [`All registrations ${registrations.total}`, `Pending ${registrations.pending}`, `Approved ${registrations.approved}`, `Rejected ${registrations.rejected}`],
    [`All events ${events.total}`, `Published ${events.upcoming}`],
  ];
}

test('the dashboard home shows the figures of the demo association', async ({ page }, testInfo) => {
  // The server's latest answer to the page: other journeys add rows meanwhile, so the cards are
  // compared with what the page was told, not with a count taken at another moment.
  let answered: Summary | undefined;
  page.on('response', async (response) => {
    if (response.url().endsWith('/api/dashboard/summary/') && response.ok()) answered = (await response.json()) as Summary;
  });
  await signIn(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  await expect(page.getByRole('heading', { level: 3, name: 'Members' })).toBeVisible();

  const same = 'the figures of the last answer';
  await expect
    .poll(async () => {
      const expected = answered && figuresOf(answered);
      const shown = [await cardFigures(page, 'Members'), await cardFigures(page, 'Registrations'), await cardFigures(page, 'Events')];
      return JSON.stringify(shown) === JSON.stringify(expected) ? same : { shown, answered: expected };
    })
    .toBe(same);
  // Each card says what it counts.
  await expect(page.getByText(/Every membership application received, rejected ones included/)).toBeVisible();
  await keepScreenshot(page, testInfo, 'dashboard-home-1280', { fullPage: false });
  expect(answered?.members.total).toBeGreaterThanOrEqual(24);
  expect(answered?.events.total).toBeGreaterThanOrEqual(9);

  // The demo's soonest event first; the activity lists are full.
  const upcoming = page.getByRole('region', { name: 'Upcoming events' });
  await expect(upcoming.getByRole('heading', { level: 3 }).first()).toHaveText('Deaf Awareness Community Day');
  await expect(page.getByRole('list', { name: 'Latest events' }).getByRole('listitem')).toHaveCount(5);
  await expect(page.getByRole('list', { name: 'Latest registrations' }).getByRole('listitem')).toHaveCount(5);
  await expectNoAxeViolations(page, 'dashboard home');

  await page.getByRole('link', { name: 'Manage members' }).click();
  await expect(page).toHaveURL(/\/dashboard\/members$/);
});

test('the reports count the demo data, and Export CSV saves the table shown', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  await page.getByRole('navigation', { name: 'Dashboard navigation' }).getByRole('link', { name: 'Reports' }).click();
  await expect(page).toHaveURL(/\/dashboard\/reports$/);
  await expect(page.getByRole('tab', { name: 'Event Attendance' })).toHaveAttribute('aria-selected', 'true');

  // The demo's four past events, the masterclass the most recent (checked in at its door, two
  // confirmed people missing; the others count their confirmed seats); members matched by e-mail.
  // Journeys running beside this one complete events of their own (titled with a time stamp).
  const attendance = page.getByRole('table', { name: 'Event attendance' });
  const demoEvents = attendance.getByRole('rowheader').filter({ hasNotText: /\d{10,}/ });
  await expect(demoEvents).toHaveText([
    'Medical Interpreting Masterclass',
    'Annual General Meeting 2026',
    'Deaf Culture and History Seminar',
    'Interpreters Networking Evening',
  ]);
  const [header, ...rows] = await tableCells(attendance);
  const masterclass = rows.find((row) => row[0] === 'Medical Interpreting Masterclass');
  expect(header).toEqual(['Event name', 'Date', 'Counted from', 'Total attendees', 'Members', 'Non-members', 'Member %']);
  expect(masterclass?.slice(2)).toEqual(['Check-ins at the door', '7', '5', '2', '71.4%']);
  await expect(page.getByRole('img', { name: /^Members and non-members at each event\./ })).toBeVisible();
  await expectNoAxeViolations(page, 'reports, attendance');

  // Export: a download whose rows are the table's.
  const shown = await tableCells(attendance);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^report-attendance-year-\d{4}-\d{2}-\d{2}\.csv$/);
  const file = await readFile(await download.path());
  expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 with BOM
  expect(parseCsv(file.subarray(3).toString('utf8'))).toEqual(shown);

  // A shorter period asks again; the search narrows the rows.
  await page.getByLabel('Period').selectOption('month');
  await expect(demoEvents).toHaveText(['Medical Interpreting Masterclass']);
  await page.getByLabel('Period').selectOption('quarter');
  await expect(demoEvents).toHaveCount(3);
  await page.getByRole('searchbox', { name: 'Search events' }).fill('annual');
  await expect(attendance.getByRole('rowheader')).toHaveText(['Annual General Meeting 2026']);

  // Member activities: the staff user who decided is named.
  await page.getByRole('tab', { name: 'Member Activities' }).click();
  const activities = page.getByRole('table', { name: 'Member activities' });
  await page.getByLabel('Period').selectOption('year');
  await page.getByRole('searchbox', { name: 'Search members' }).fill('Kayitare');
  await expect(activities.getByRole('row').filter({ hasText: 'Membership rejected' })).toContainText('Demo Administrator');
  await expectNoAxeViolations(page, 'reports, activities');

  // Membership growth: new members over several months, renewals, retention.
  await page.getByRole('tab', { name: 'Membership Growth' }).focus();
  await page.keyboard.press('ArrowRight'); // wraps round to Event Attendance
  await expect(page.getByRole('tab', { name: 'Event Attendance' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tab', { name: 'Membership Growth' })).toHaveAttribute('aria-selected', 'true');
  const growth = page.getByRole('table', { name: 'Membership growth per month' });
  await expect(growth.getByRole('rowheader').first()).toBeVisible();
  const months = (await tableCells(growth)).slice(1);
  expect([12, 13]).toContain(months.length); // a year: 13 months, or 12 on a month's last day
  expect(months.filter((row) => row[1] !== '0').length).toBeGreaterThanOrEqual(6); // joins spread over months
  expect(months.some((row) => row[2] !== '0')).toBe(true); // and renewals
  await expect(page.locator('dl > div').filter({ hasText: 'Retention' })).toContainText('%');
  await expectNoAxeViolations(page, 'reports, growth');
});
