import { act, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { ToastRegion } from '../../../components/toast-region';
import { renderRoute, renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { storeTestSession } from '../../../testing/session';
import { SYSTEM_POLLING_INTERVAL } from '../api';
import {
  makeBeatTask,
  makeDeadDelivery,
  makeEmail,
  makeFailedEmail,
  makeSystemReport,
  makeWorker,
  systemBackend,
  systemFailure,
} from '../mocks/handlers';
import { SystemPage } from './system-page';

function renderPage(backend = systemBackend(), options: Parameters<typeof renderWithProviders>[1] = {}) {
  server.use(...backend.handlers);
  const view = renderWithProviders(
    <>
      <SystemPage />
      <ToastRegion />
    </>,
    { route: '/dashboard/system', ...options },
  );
  return { ...view, backend };
}

const section = (name: string) => screen.getByRole('region', { name });
const findSection = (name: string) => screen.findByRole('region', { name });
const toasts = () => screen.getByRole('region', { name: 'Notifications' });
/** The figure of a term in the Queues and outbox section: its value and note. */
function figure(term: string) {
  const dt = within(section('Queues and outbox')).getByText(term, { selector: 'dt' });
  return dt.nextElementSibling?.textContent;
}
const workerCard = (hostname: string) => {
  const name = within(section('Workers')).getByText(hostname);
  const card = name.closest('li');
  if (!card) throw new Error(`No card for ${hostname}`);
  return card;
};

describe('System page', () => {
  it('shows the workers with their queues, the queue depths, the outbox and the beat tasks', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'System' })).toBeInTheDocument();
    expect(screen.getByText('Loading the system report...')).toBeInTheDocument();

    const workers = await findSection('Workers');
    expect(within(workers).getByText('1 of 1 worker online')).toBeInTheDocument();
    expect(within(workers).getByText(/Source: the workers' answers over the broker just now/)).toBeInTheDocument();
    const card = workerCard('celery@web1');
    expect(within(card).getByText('Online')).toHaveClass('status-badge--good');
    expect(within(card).getByText('default, mail')).toBeInTheDocument();
    expect(within(workers).queryByRole('alert')).not.toBeInTheDocument();

    expect(figure('Broker (redis)')).toBe('Reachable');
    expect(figure('Queue default')).toBe('3 messages waiting');
    expect(figure('Queue mail')).toBe('0 messages waiting');
    expect(figure('Outbox messages waiting')).toBe('2 the oldest for 7 min');
    expect(figure('Deliveries pending')).toBe('1');
    expect(figure('Failed handlers')).toBe('1');
    expect(figure('Failed e-mails')).toBe('1');

    const beat = within(section('Periodic tasks')).getByRole('table', { name: 'Periodic tasks with their schedule and last run' });
    const [sweep, daily] = within(beat).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    expect(within(sweep).getByRole('rowheader')).toHaveTextContent('outbox-sweepoutbox.sweep');
    expect(sweep).toHaveTextContent('Every 30 sec');
    expect(sweep).toHaveTextContent('120 runs');
    expect(within(sweep).getByText('On time')).toBeInTheDocument();
    expect(daily).toHaveTextContent('Daily at 12:10 AM (Africa/Kigali)');
  });

  it('shows a late beat task and says beat may have stopped', async () => {
    const report = makeSystemReport({
      beat: [
        makeBeatTask({ name: 'ops-heartbeat', task: 'ops.heartbeat', late: true, overdue_seconds: 540 }),
        makeBeatTask({ name: 'members-purge-rejected', enabled: false }),
      ],
    });
    renderPage(systemBackend(report));
    const beat = await findSection('Periodic tasks');
    expect(within(beat).getByRole('alert')).toHaveTextContent('1 periodic task is late: check that beat is running.');
    expect(within(beat).getByText('Late by 9 min')).toHaveClass('status-badge--bad');
    expect(within(beat).getByText('Disabled')).toBeInTheDocument();
  });

  it('shows a stopped worker offline, and says when the states come from the workers own records', async () => {
    const report = makeSystemReport({
      workers: {
        source: 'records',
        source_reason: 'broker_unreachable',
        items: [
          makeWorker({ hostname: 'celery@web1', state: 'offline', seen_at: '2026-11-24T08:10:00Z' }),
          makeWorker({ hostname: 'celery@web2', state: 'stopped', stopped_at: '2026-11-24T08:00:00Z' }),
        ],
      },
      broker: { ok: false, transport: 'redis' },
      queues: [
        { name: 'default', depth: null },
        { name: 'mail', depth: null },
      ],
    });
    renderPage(systemBackend(report));
    const workers = await findSection('Workers');
    expect(within(workers).getByRole('alert')).toHaveTextContent(
      'No worker is online: nothing waiting in the queues is being done.',
    );
    expect(within(workers).getByText('0 of 2 workers online')).toBeInTheDocument();
    expect(
      within(workers).getByText(
        "Source: the workers' own records, which each worker stamps every 30 seconds, because the broker cannot be reached. A worker silent for 90 seconds is offline.",
      ),
    ).toBeInTheDocument();
    expect(within(workerCard('celery@web1')).getByText('Offline')).toHaveClass('status-badge--bad');
    expect(within(workerCard('celery@web1')).getByText('Last seen')).toBeInTheDocument();
    expect(within(workerCard('celery@web2')).getByText('Stopped', { selector: '.status-badge' })).toBeInTheDocument();

    // Unknown is not 0.
    expect(figure('Broker (redis)')).toBe('Unreachable');
    expect(figure('Queue default')).toBe('Unknown');
    expect(figure('Queue mail')).toBe('Unknown');
  });

  it('turns a running worker offline on the next poll, every 10 seconds, without a loading indicator', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const backend = systemBackend();
    renderPage(backend);
    await findSection('Workers');
    expect(within(workerCard('celery@web1')).getByText('Online')).toBeInTheDocument();
    const asked = backend.requests('GET').length;

    backend.setReport(makeSystemReport({ workers: { source: 'broker', source_reason: null, items: [makeWorker({ state: 'offline' })] } }));
    await act(() => vi.advanceTimersByTimeAsync(SYSTEM_POLLING_INTERVAL));
    await waitFor(() => expect(within(workerCard('celery@web1')).getByText('Offline')).toBeInTheDocument());
    expect(backend.requests('GET')).toHaveLength(asked + 1);
    // The figures stayed on screen while the page asked again.
    expect(screen.queryByText('Loading the system report...')).not.toBeInTheDocument();

    // A failed refresh keeps the last figures and says how old they are.
    server.use(systemFailure());
    await act(() => vi.advanceTimersByTimeAsync(SYSTEM_POLLING_INTERVAL));
    expect(await screen.findByText(/The last refresh failed: these figures are from/)).toBeInTheDocument();
    expect(workerCard('celery@web1')).toBeInTheDocument();
  });

  it('retries a failed e-mail: a toast, and the e-mail leaves the failed list for the queue', async () => {
    const { user, backend } = renderPage();
    const failed = await findSection('Failed e-mails');
    const table = within(failed).getByRole('table', { name: 'Failed e-mails, the most recent first' });
    expect(table).toHaveTextContent('SMTPServerDisconnected: Connection unexpectedly closed');
    expect(table).toHaveTextContent('5 attempts');

    await user.click(within(failed).getByRole('button', { name: 'Retry the e-mail to j***@example.rw' }));
    await waitFor(() => expect(toasts()).toHaveTextContent('The e-mail to j***@example.rw was queued to be sent again.'));
    expect(backend.requests('POST').map((request) => request.url.pathname)).toEqual(['/api/management/system/emails/7/retry/']);
    await waitFor(() => expect(within(section('Failed e-mails')).getByText('No failed e-mails.')).toBeInTheDocument());
    expect(figure('Failed e-mails')).toBe('0');
    const recent = within(section('Last 50 e-mails')).getAllByRole('row')[1];
    expect(recent).toHaveTextContent('j***@example.rw');
    expect(recent).toHaveTextContent('Queued');
  });

  it('offers no retry for an e-mail whose single-use link is gone', async () => {
    const report = makeSystemReport({ failed_emails: { count: 1, items: [makeFailedEmail({ retryable: false })] } });
    renderPage(systemBackend(report));
    const failed = await findSection('Failed e-mails');
    expect(within(failed).queryByRole('button')).not.toBeInTheDocument();
    expect(within(failed).getByText('It carried a single-use link: the person asks for a new one.')).toBeInTheDocument();
  });

  it('runs a dead handler again, and toasts the server sentence when it is no longer dead', async () => {
    const report = makeSystemReport({
      dead_deliveries: [makeDeadDelivery(), makeDeadDelivery({ id: 4, handler: 'services.content.handlers.send_contact_emails' })],
      outbox: { backlog: 0, oldest_age_seconds: null, pending_deliveries: 0, dead_deliveries: 2 },
    });
    const { user } = renderPage(systemBackend(report));
    const handlers = await findSection('Failed handlers');
    expect(within(handlers).getByRole('table', { name: 'Failed handlers, the most recent first' })).toHaveTextContent("KeyError: 'membership_type'");

    await user.click(
      within(handlers).getByRole('button', { name: 'Run again: services.members.handlers.send_member_applied' }),
    );
    await waitFor(() => expect(toasts()).toHaveTextContent('The handler was handed to a worker again.'));
    await waitFor(() =>
      expect(within(section('Failed handlers')).queryByText('services.members.handlers.send_member_applied')).not.toBeInTheDocument(),
    );

    // Someone else ran the other one meanwhile: the server says so.
    server.use(
      http.post('*/api/management/system/deliveries/:id/run-again/', () =>
        HttpResponse.json(
          { detail: 'This delivery is not dead any more: nothing to run again.', code: 'not_dead' },
          { status: 409 },
        ),
      ),
    );
    await user.click(
      within(section('Failed handlers')).getByRole('button', {
        name: 'Run again: services.content.handlers.send_contact_emails',
      }),
    );
    await waitFor(() => expect(toasts()).toHaveTextContent('This delivery is not dead any more: nothing to run again.'));
  });

  it('lists the last e-mails: time, masked recipient, subject, template, language and status', async () => {
    const report = makeSystemReport({
      recent_emails: [
        makeEmail({ id: 2, recipient: 'm***@example.fr', language: 'fr', status: 'queued', sent_at: null }),
        makeEmail({ id: 1, language: 'rw', subject: '' }),
      ],
    });
    renderPage(systemBackend(report));
    const recent = await findSection('Last 50 e-mails');
    const [queued, sent] = within(recent).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    expect(within(queued).getAllByRole('cell').map((cell) => cell.textContent).slice(1)).toEqual([
      'We received your message – RNSLIA',
      'contact_acknowledgement',
      'French',
      'Queued',
    ]);
    expect(within(queued).getByRole('rowheader')).toHaveTextContent('m***@example.fr');
    expect(within(sent).getAllByRole('cell').map((cell) => cell.textContent).slice(1)).toEqual([
      '(no subject)',
      'contact_acknowledgement',
      'Kinyarwanda',
      'Sent',
    ]);
  });

  it('says when the report cannot be loaded, and tries again', async () => {
    const backend = systemBackend();
    server.use(systemFailure());
    const { user } = renderWithProviders(<SystemPage />, { route: '/dashboard/system' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The system report could not be loaded.');
    server.use(...backend.handlers);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await findSection('Workers')).toBeInTheDocument();
  });

  it('has no axe violations, with problems shown and with nothing to show', async () => {
    // Colour contrast needs a layout, which jsdom has not; axe's icon-font check needs a canvas.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const options: axe.RunOptions = {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      rules: { 'color-contrast': { enabled: false } },
    };
    const { container, unmount } = renderPage();
    await findSection('Last 50 e-mails');
    expect((await axe.run(container, options)).violations).toEqual([]);
    unmount();

    const quiet = makeSystemReport({
      workers: { source: 'broker', source_reason: null, items: [] },
      beat: [],
      dead_deliveries: [],
      failed_emails: { count: 0, items: [] },
      recent_emails: [],
    });
    const empty = renderPage(systemBackend(quiet));
    await screen.findByText('No periodic tasks are set up.');
    expect((await axe.run(empty.container, options)).violations).toEqual([]);
  });

  it('is the page of /dashboard/system, loaded with its texts', async () => {
    storeTestSession();
    server.use(...systemBackend().handlers);
    renderRoute('/dashboard/system');
    expect(await screen.findByRole('heading', { level: 1, name: 'System' })).toBeInTheDocument();
    expect(await screen.findByText('1 of 1 worker online')).toBeInTheDocument();
  });
});
