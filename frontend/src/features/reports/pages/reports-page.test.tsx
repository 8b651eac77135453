import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { reportsBackend } from '../mocks/handlers';
import { ReportsPage } from './reports-page';

function renderPage(backend = reportsBackend()) {
  server.use(...backend.handlers);
  const view = renderWithProviders(
    <Routes>
      <Route path="/dashboard/reports" element={<ReportsPage />} />
    </Routes>,
    { route: '/dashboard/reports' },
  );
  return { ...view, backend };
}

const tab = (name: string) => screen.getByRole('tab', { name });
const panel = () => screen.getByRole('tabpanel');
const findTable = (name: string) => screen.findByRole('table', { name });
/** The cells of a table, its header row first, as the page shows them. */
function cells(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent ?? ''));
}
function figures() {
  return Array.from(panel().querySelectorAll('dl > div')).map((item) => item.textContent);
}
const lastParams = (backend: ReturnType<typeof reportsBackend>, kind: 'attendance' | 'activities' | 'growth') =>
  backend.requestsOf(kind).at(-1)?.url.searchParams;

describe('Reports page', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('opens on Event Attendance for the past year: totals, a chart and the table of events', async () => {
    const { backend } = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    expect(screen.getByRole('tablist', { name: 'Reports' })).toBeInTheDocument();
    expect(tab('Event Attendance')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveValue('year');

    const table = await findTable('Event attendance');
    expect(lastParams(backend, 'attendance')?.get('period')).toBe('year');
    expect(screen.getByText('From Nov 25, 2025 to Nov 24, 2026')).toBeInTheDocument();
    expect(figures()).toEqual([
      'Total attendees21',
      'Member attendance rate76.2%',
      'Events31 counted from confirmed seats: no check-in at its door.',
    ]);
    // Each event says where its attendees come from: its door's check-ins, or, for an event whose
    // door checked nobody in, its confirmed seats.
    expect(cells(table)).toEqual([
      ['Event name', 'Date', 'Counted from', 'Total attendees', 'Members', 'Non-members', 'Member %'],
      ['Medical Interpreting Masterclass', 'Nov 12, 2026', 'Check-ins at the door', '9', '6', '3', '66.7%'],
      ['Annual General Meeting 2026', 'Oct 15, 2026', 'Confirmed seats (no check-in)', '12', '10', '2', '83.3%'],
      ['=Deaf Culture, "History" Seminar', 'Sep 10, 2026', 'Check-ins at the door', '0', '0', '0', '—'],
    ]);
    expect(screen.getByText(/^Attendees are the people checked in at the event's door\./)).toBeInTheDocument();
  });

  it('draws the chart as one image with a text summary, and its numbers are in the table', async () => {
    renderPage();
    await findTable('Event attendance');
    const chart = screen.getByRole('img', {
      name: /^Members and non-members at each event\. Attendees: 21\. Events: 3\. Members among the attendees: 76\.2%\./,
    });
    expect(chart.tagName).toBe('svg');
    // Each bar's number is the table's: members and non-members per event.
    const bars = Array.from(chart.querySelectorAll('.bar-chart__value')).map((text) => text.textContent);
    expect(bars).toEqual(['6', '3', '10', '2', '0', '0']);
    const rows = cells(screen.getByRole('table', { name: 'Event attendance' })).slice(1);
    expect(rows.flatMap((row) => [row[4], row[5]])).toEqual(bars);
  });

  it('asks the server again when the period changes, keeping the old report until the new one is there', async () => {
    const { backend, user } = renderPage();
    await findTable('Event attendance');
    let answer = () => {};
    backend.state.hold = new Promise((resolve) => {
      answer = resolve;
    });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Past month');
    await waitFor(() => expect(lastParams(backend, 'attendance')?.get('period')).toBe('month'));
    // Meanwhile the year's report stays, marked busy, with no loader.
    expect(panel()).toHaveAttribute('aria-busy', 'true');
    expect(figures()).toEqual([
      'Total attendees21',
      'Member attendance rate76.2%',
      'Events31 counted from confirmed seats: no check-in at its door.',
    ]);
    expect(screen.queryByText('Loading report...')).not.toBeInTheDocument();
    backend.state.hold = null;
    answer();
    await waitFor(() => expect(figures()).toEqual(['Total attendees9', 'Member attendance rate66.7%', 'Events1']));
    expect(screen.getByText('From Oct 25, 2026 to Nov 24, 2026')).toBeInTheDocument();
    expect(panel()).not.toHaveAttribute('aria-busy');
    expect(cells(screen.getByRole('table', { name: 'Event attendance' })).slice(1).map((row) => row[0])).toEqual([
      'Medical Interpreting Masterclass',
    ]);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Past week');
    expect(await within(panel()).findByText('No events were held in this period.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('searches by event name on the server, and by member name on the member reports', async () => {
    const { backend, user } = renderPage();
    await findTable('Event attendance');
    await user.type(screen.getByRole('searchbox', { name: 'Search events' }), 'annual');
    await waitFor(() => expect(lastParams(backend, 'attendance')?.get('search')).toBe('annual'));
    await waitFor(() =>
      expect(cells(screen.getByRole('table', { name: 'Event attendance' })).slice(1).map((row) => row[0])).toEqual([
        'Annual General Meeting 2026',
      ]),
    );
    await user.clear(screen.getByRole('searchbox', { name: 'Search events' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search events' }), 'gala');
    expect(await within(panel()).findByText('No event of this period matches your search.')).toBeInTheDocument();

    // Another report: the box now searches members, and starts empty (at once, not after the
    // pause a search waits for).
    await user.click(tab('Member Activities'));
    const members = screen.getByRole('searchbox', { name: 'Search members' });
    expect(members).toHaveValue('');
    await findTable('Member activities');
    expect(backend.requestsOf('activities').map((request) => request.url.searchParams.get('search'))).toEqual([null]);
    await user.type(members, 'théo');
    await waitFor(() => expect(lastParams(backend, 'activities')?.get('search')).toBe('théo'));
    await waitFor(() => expect(cells(screen.getByRole('table', { name: 'Member activities' })).length).toBe(2));
  });

  it('moves between the three reports with the arrow keys, Home and End', async () => {
    const { user } = renderPage();
    await findTable('Event attendance');
    tab('Event Attendance').focus();
    await user.keyboard('{ArrowRight}');
    expect(tab('Member Activities')).toHaveFocus();
    expect(tab('Member Activities')).toHaveAttribute('aria-selected', 'true');
    expect(panel()).toHaveAccessibleName('Member Activities');
    const activities = await findTable('Member activities');
    expect(cells(activities)).toEqual([
      ['Name', 'Activity', 'Date', 'Event', 'Status now', 'Decided by'],
      ['Alphonse Nkurunziza', 'Membership renewed', 'Nov 20, 2026', '—', 'Approved', 'Demo Administrator'],
      ['Théogène Bizimana', 'Registered for an event', 'Nov 2, 2026', 'Medical Interpreting Masterclass', 'Expired', '—'],
      ['Erased', 'Registration rejected', 'Oct 1, 2026', 'Deaf Awareness Week', 'Rejected', 'Demo Administrator'],
    ]);
    expect(within(panel()).getByText('Showing the latest 3 of 143 activities.')).toBeInTheDocument();

    await user.keyboard('{End}');
    expect(tab('Membership Growth')).toHaveFocus();
    const growth = await findTable('Membership growth per month');
    expect(figures()).toEqual([
      'New members4',
      'Renewals2',
      'Retention80%Renewed in time: 4 of the 5 memberships whose 30-day grace ended in this period.',
    ]);
    expect(cells(growth)).toEqual([
      ['Month', 'New members', 'Renewals'],
      ['Aug 2026', '1', '0'],
      ['Sep 2026', '2', '1'],
      ['Oct 2026', '0', '1'],
      ['Nov 2026', '1', '0'],
    ]);
    const chart = screen.getByRole('img', { name: /^New members and renewals per month\. New members: 4\. Renewals: 2\./ });
    // Month by month, new members then renewals; an empty place for none.
    expect(Array.from(chart.querySelectorAll('.bar-chart__value')).map((text) => text.textContent)).toEqual(
      cells(growth)
        .slice(1)
        .flatMap((row) => row.slice(1))
        .filter((value) => value !== '0'),
    );
    expect(chart.querySelectorAll('rect')).toHaveLength(2 + 4 * 2); // the legend's two, then two a month

    await user.keyboard('{ArrowRight}');
    expect(tab('Event Attendance')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(tab('Membership Growth')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(tab('Event Attendance')).toHaveAttribute('aria-selected', 'true');
  });

  it('says a report failed to load, and Try Again loads it', async () => {
    const backend = reportsBackend();
    backend.state.failing = 'attendance';
    const { user } = renderPage(backend);
    const alert = within(panel()).getByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('Failed to load the report. Please try again.'));
    backend.state.failing = null;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    await findTable('Event attendance');
    expect(screen.queryByText('Failed to load the report. Please try again.')).not.toBeInTheDocument();
  });

  describe('export', () => {
    const saved: { download: string; blob: Blob }[] = [];
    let pending: Blob | null = null;

    beforeEach(() => {
      saved.length = 0;
      // jsdom has no object URLs and no downloads: record what the page hands the browser.
      Object.defineProperty(URL, 'createObjectURL', {
        configurable: true,
        value: (blob: Blob) => {
          pending = blob;
          return 'blob:report';
        },
      });
      Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => {} });
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        if (pending) saved.push({ download: this.download, blob: pending });
      });
    });
    afterEach(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });

    it('saves exactly the table on screen as UTF-8 CSV with a byte-order mark', async () => {
      const { user } = renderPage();
      const table = await findTable('Event attendance');
      await user.click(screen.getByRole('button', { name: 'Export CSV' }));

      expect(saved.map((file) => file.download)).toEqual(['report-attendance-year-2026-11-24.csv']);
      const file = saved[0]?.blob;
      if (!file) throw new Error('No file was saved');
      expect(file.type).toBe('text/csv;charset=utf-8');
      expect([...new Uint8Array(await file.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = await file.text();
      expect(text).toBe(
        [
          'Event name,Date,Counted from,Total attendees,Members,Non-members,Member %',
          'Medical Interpreting Masterclass,"Nov 12, 2026",Check-ins at the door,9,6,3,66.7%',
          'Annual General Meeting 2026,"Oct 15, 2026",Confirmed seats (no check-in),12,10,2,83.3%',
          // A name a spreadsheet would run is defused; quotes and commas are quoted.
          '"\'=Deaf Culture, ""History"" Seminar","Sep 10, 2026",Check-ins at the door,0,0,0,—',
          '',
        ].join('\r\n'),
      );
      expect(cells(table)).toHaveLength(4); // the header and the three rows written
    });

    it('saves the report of the tab and period shown', async () => {
      const { user } = renderPage();
      await findTable('Event attendance');
      await user.click(tab('Membership Growth'));
      await findTable('Membership growth per month');
      await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Past quarter');
      await waitFor(() => expect(screen.getByText('From Aug 25, 2026 to Nov 24, 2026')).toBeInTheDocument());
      await user.click(screen.getByRole('button', { name: 'Export CSV' }));
      expect(saved[0]?.download).toBe('report-growth-quarter-2026-11-24.csv');
      expect(await saved[0]?.blob.text()).toBe(
        'Month,New members,Renewals\r\nAug 2026,1,0\r\nSep 2026,2,1\r\nOct 2026,0,1\r\nNov 2026,1,0\r\n',
      );
    });
  });

  it('has no axe violations on any of the three reports', async () => {
    // Colour contrast needs a layout, which jsdom has not; axe's icon-font check needs a canvas.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const options: axe.RunOptions = {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      rules: { 'color-contrast': { enabled: false } },
    };
    const { user } = renderPage();
    await findTable('Event attendance');
    expect((await axe.run(document.body, options)).violations).toEqual([]);
    await user.click(tab('Member Activities'));
    await findTable('Member activities');
    expect((await axe.run(document.body, options)).violations).toEqual([]);
    await user.click(tab('Membership Growth'));
    await findTable('Membership growth per month');
    expect((await axe.run(document.body, options)).violations).toEqual([]);
  });
});
