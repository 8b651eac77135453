import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { storeTestSession } from '../../../testing/session';
import type { CheckinEntry, CheckinList, Scan } from '../logic';
import { shortHash } from '../logic';
import { CheckinPage, CheckinStart } from './checkin-page';

// IndexedDB is the phone's: kept here in memory, the same for each render of a test.
const kept = vi.hoisted(() => ({
  lists: new Map<number, unknown>(),
  scans: new Map<string, unknown>(),
  lastEvent: null as number | null,
}));
vi.mock('../device-store', () => ({
  readList: async (id: number) => kept.lists.get(id),
  saveList: async (list: { event_id: number }) => void kept.lists.set(list.event_id, list),
  readScans: async (id: number) => [...kept.scans.values()].filter((scan) => (scan as Scan).eventId === id),
  saveScans: async (scans: Scan[]) => scans.forEach((scan) => kept.scans.set(scan.nonce, scan)),
  deleteScans: async (nonces: string[]) => nonces.forEach((nonce) => kept.scans.delete(nonce)),
  storedDeviceName: () => 'Door A',
  storeDeviceName: () => {},
  storedLastEvent: () => kept.lastEvent,
  storeLastEvent: (id: number) => void (kept.lastEvent = id),
}));

const CODES = { aline: 'aline-code-000000000000', eric: 'eric-code-0000000000000', pending: 'pending-code-0000000000' };

async function entries(): Promise<CheckinEntry[]> {
  const base = { reference: null, checked_in_at: null, device: null, access_needs: { interpreter: false, disability: 'None', details: '' } };
  return [
    {
      ...base,
      code_hash: await shortHash(CODES.aline),
      phone_hash: await shortHash('+250788123456'),
      name: 'Aline Uwase',
      reference: 'EVT-7-AAA',
      status: 'Approved',
      access_needs: { interpreter: true, disability: 'Hearing Impairment', details: 'Front row' },
    },
    { ...base, code_hash: await shortHash(CODES.eric), phone_hash: 'x', name: 'Eric Mugisha', status: 'Approved', checked_in_at: '2026-11-29T07:14:00Z', device: 'Door B' },
    { ...base, code_hash: await shortHash(CODES.pending), phone_hash: 'y', name: 'Jean Pending', status: 'Pending' },
  ];
}

function backend(list: CheckinList, { online = true } = {}) {
  const sent: unknown[][] = [];
  server.use(
    http.get('*/api/management/events/7/checkin-list/', () => (online ? HttpResponse.json(list) : HttpResponse.error())),
    http.post('*/api/management/events/7/checkins/', async ({ request }) => {
      const body = (await request.json()) as { nonce: string; code?: string }[];
      sent.push(body);
      // As the server would answer this list: Eric came in through door B, Jean has not paid.
      const answer = (code: string | undefined) =>
        code === CODES.aline
          ? { result: 'checked_in', reason: null, checked_in_at: '2026-11-29T07:20:00Z', device: 'Door A' }
          : code === CODES.eric
            ? { result: 'already_checked_in', reason: null, checked_in_at: '2026-11-29T07:14:00Z', device: 'Door B' }
            : { result: 'refused', reason: code === CODES.pending ? 'not_confirmed' : 'not_a_ticket', checked_in_at: null, device: null };
      return HttpResponse.json({ results: body.map((item) => ({ nonce: item.nonce, ...answer(item.code) })) });
    }),
  );
  return { sent };
}

function renderDoor() {
  return renderWithProviders(
    <Routes>
      <Route path="/dashboard/checkin/:eventId" element={<CheckinPage />} />
    </Routes>,
    { route: '/dashboard/checkin/7' },
  );
}

const answer = () => screen.getByRole('region', { name: 'Answer' });

describe('The door check-in screen', () => {
  let list: CheckinList;
  beforeEach(async () => {
    kept.lists.clear();
    kept.scans.clear();
    kept.lastEvent = null;
    storeTestSession();
    list = { event_id: 7, generated_at: '2026-11-29T06:00:00Z', max_scans: 500, entries: await entries() };
  });
  afterEach(() => vi.restoreAllMocks());

  it('downloads the list, keeps it on the phone, and welcomes a confirmed ticket with its access needs', async () => {
    const { sent } = backend(list);
    const { user, container } = renderDoor();
    expect(screen.getByRole('heading', { level: 1, name: 'Check-in at the door' })).toBeInTheDocument();
    expect(document.title).toMatch(/^Check-in at the door \|/);
    expect(await screen.findByText(/List on this phone: 3 tickets/)).toBeInTheDocument();
    expect(kept.lists.get(7)).toBeDefined();

    await user.type(screen.getByLabelText('Ticket code'), `https://example.org/ticket/${CODES.aline}`);
    await user.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await within(answer()).findByText('Welcome, Aline Uwase')).toBeInTheDocument();
    expect(within(answer()).getByText('Needs a sign language interpreter')).toBeInTheDocument();
    expect(within(answer()).getByText(/Disability: Hearing Impairment: Front row/)).toBeInTheDocument();
    await waitFor(() => expect(within(answer()).getByText('Confirmed by the server')).toBeInTheDocument());
    expect(sent).toEqual([[expect.objectContaining({ code: CODES.aline, device: 'Door A' })]]);
    expect(screen.getByRole('status')).toHaveTextContent('0 scans waiting to be sent');
    expect((await axe.run(container)).violations).toEqual([]);
  });

  it('answers amber for a ticket already in, red for a pending seat or an unknown code', async () => {
    backend(list);
    const { user } = renderDoor();
    await screen.findByText(/List on this phone/);
    const code = screen.getByLabelText('Ticket code');
    await user.type(code, CODES.eric);
    await user.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await within(answer()).findByText(/^Already checked in at .+ \(Door B\)$/)).toBeInTheDocument();
    expect(answer()).toHaveClass('checkin-answer--amber');

    await user.type(code, CODES.pending);
    await user.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await within(answer()).findByText('Payment not confirmed')).toBeInTheDocument();
    expect(within(answer()).getByText('Jean Pending')).toBeInTheDocument();

    await user.type(code, 'forged-code');
    await user.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await within(answer()).findByText('Not a ticket for this event')).toBeInTheDocument();
    expect(answer()).toHaveClass('checkin-answer--red');
  });

  it('with no network, uses the list kept, checks in by search, and counts the scans waiting', async () => {
    kept.lists.set(7, list);
    const { sent } = backend(list, { online: false });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { user } = renderDoor();
    expect(await screen.findByText(/List on this phone: 3 tickets/)).toBeInTheDocument();
    expect(screen.getByText('Offline: scans are kept on this phone')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search by name, phone or reference' }), '0788 123 456');
    await user.click(await screen.findByRole('button', { name: 'Check in Aline Uwase' }));
    expect(await within(answer()).findByText('Welcome, Aline Uwase')).toBeInTheDocument();
    expect(within(answer()).getByText('Decided on this phone, not yet confirmed by the server')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('1 scan waiting to be sent');
    expect(screen.getByText(/^EVT-7-AAA · in at /)).toBeInTheDocument();
    // The same person again on this phone: the first scan here wins.
    await user.click(screen.getByRole('button', { name: 'Check in Aline Uwase' }));
    expect(await within(answer()).findByText(/^Already checked in at .+ \(Door A\)$/)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('2 scans waiting to be sent');
    expect(sent).toEqual([]);
    expect([...kept.scans.values()]).toHaveLength(2);
  });

  it('undoes a check-in still waiting on the phone alone', async () => {
    kept.lists.set(7, list);
    backend(list, { online: false });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { user } = renderDoor();
    await screen.findByText(/List on this phone/);
    await user.type(screen.getByLabelText('Ticket code'), CODES.aline);
    await user.click(screen.getByRole('button', { name: 'Check in' }));
    await user.click(await screen.findByRole('button', { name: 'Undo this check-in' }));
    expect(await screen.findByText('Check-in undone.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('0 scans waiting to be sent');
    expect(kept.scans.size).toBe(0);
  });

  it('says when there is no list on the phone and none can be downloaded', async () => {
    backend(list, { online: false });
    renderDoor();
    expect(await screen.findByText(/No list on this phone yet/)).toBeInTheDocument();
    expect(await screen.findByText(/The list could not be downloaded/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check in' })).toBeDisabled();
  });

  it("names the door's app manifest while the screen shows, and no more once it goes", async () => {
    backend(list);
    const manifests = () => [...document.head.querySelectorAll('link[rel="manifest"]')].map((link) => link.getAttribute('href'));
    expect(manifests()).toEqual([]);
    const { unmount } = renderDoor();
    await screen.findByText(/List on this phone/);
    expect(manifests()).toEqual(['/door.webmanifest']);
    unmount();
    expect(manifests()).toEqual([]);
  });

  it.each([
    [7, '/dashboard/checkin/7'],
    [null, '/dashboard/registrations'],
  ])('opens the installed app (last event %s) on %s', async (last, path) => {
    kept.lastEvent = last;
    function Where() {
      return <output data-testid="path">{useLocation().pathname}</output>;
    }
    renderWithProviders(
      <Routes>
        <Route path="/dashboard/checkin" element={<CheckinStart />} />
        <Route path="*" element={<Where />} />
      </Routes>,
      { route: '/dashboard/checkin/' },
    );
    expect(await screen.findByTestId('path')).toHaveTextContent(path);
  });

  it('remembers the event on this phone, for the installed app to open', async () => {
    backend(list);
    renderDoor();
    await screen.findByText(/List on this phone/);
    expect(kept.lastEvent).toBe(7);
  });
});
