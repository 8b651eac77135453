import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';

import {
  batches,
  codeFromScan,
  decide,
  normalisePhone,
  scanBody,
  search,
  shortHash,
  withCheckIns,
  withServerAnswers,
  type CheckinEntry,
  type Scan,
} from './logic';

const short = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

function entry(fields: Partial<CheckinEntry> = {}): CheckinEntry {
  return {
    code_hash: short('code-1'),
    phone_hash: short('+250788123456'),
    name: 'Aline Uwase',
    reference: 'EVT-7-ABC',
    status: 'Approved',
    access_needs: { interpreter: true, disability: 'None', details: '' },
    checked_in_at: null,
    device: null,
    ...fields,
  };
}

function scan(fields: Partial<Scan> = {}): Scan {
  return {
    nonce: 'n-1',
    eventId: 7,
    ticket: short('code-1'),
    code: 'code-1',
    scannedAt: '2026-11-29T09:14:00.000Z',
    device: 'Door A',
    answer: { result: 'checked_in', reason: null, checkedInAt: '2026-11-29T09:14:00.000Z', device: 'Door A' },
    pending: true,
    name: 'Aline Uwase',
    accessNeeds: null,
    ...fields,
  };
}

describe('reading a scan', () => {
  it('takes the code from the QR code address, or the code typed in as it is', async () => {
    expect(codeFromScan('https://rnslia.org/ticket/AbC-123_x/')).toBe('AbC-123_x');
    expect(codeFromScan('  AbC-123_x ')).toBe('AbC-123_x');
    expect(await shortHash('AbC-123_x')).toBe(short('AbC-123_x'));
  });

  it('writes a typed phone number as the server keeps it (E.164, Rwandan without a country)', () => {
    expect(normalisePhone('0788 123 456')).toBe('+250788123456');
    expect(normalisePhone('788123456')).toBe('+250788123456');
    expect(normalisePhone('250788123456')).toBe('+250788123456');
    expect(normalisePhone('+254 712 345 678')).toBe('+254712345678');
    expect(normalisePhone('Aline')).toBeNull();
  });
});

describe('the phone decides a scan against its list', () => {
  const at = '2026-11-29T09:20:00.000Z';

  it('lets a confirmed ticket in, once: a second scan on this phone is already in, with the first time and door', () => {
    const first = decide(entry(), [], at, 'Door A');
    expect(first).toMatchObject({ result: 'checked_in', checkedInAt: at, device: 'Door A' });
    const again = decide(entry(), [scan({ answer: { ...first } , scannedAt: at })], '2026-11-29T09:25:00.000Z', 'Door A');
    expect(again).toMatchObject({ result: 'already_checked_in', checkedInAt: at, device: 'Door A' });
  });

  it('answers already in for a ticket the list had checked in (another door)', () => {
    const listed = entry({ checked_in_at: '2026-11-29T09:14:00Z', device: 'Door B' });
    expect(decide(listed, [], at, 'Door A')).toMatchObject({ result: 'already_checked_in', device: 'Door B' });
  });

  it('refuses a code not in the list, an unconfirmed seat and an ended one, saying why', () => {
    expect(decide(undefined, [], at, 'Door A')).toMatchObject({ result: 'refused', reason: 'not_a_ticket' });
    expect(decide(entry({ status: 'Pending' }), [], at, 'Door A').reason).toBe('not_confirmed');
    expect(decide(entry({ status: 'Expired' }), [], at, 'Door A').reason).toBe('not_confirmed');
    expect(decide(entry({ status: 'Rejected' }), [], at, 'Door A').reason).toBe('rejected');
    expect(decide(entry({ status: 'Cancelled' }), [], at, 'Door A').reason).toBe('cancelled');
  });
});

describe('the queue of scans', () => {
  it('sends the waiting scans oldest first, in lists of at most max_scans', () => {
    const scans = [3, 1, 2, 4, 5].map((minute) =>
      scan({ nonce: `n-${minute}`, scannedAt: `2026-11-29T09:0${minute}:00.000Z` }),
    );
    scans.push(scan({ nonce: 'sent', pending: false }));
    expect(batches(scans, 2).map((batch) => batch.map((item) => item.nonce))).toEqual([['n-1', 'n-2'], ['n-3', 'n-4'], ['n-5']]);
  });

  it('sends the code of a scanned ticket, and the list hash of one found by search', () => {
    expect(scanBody(scan())).toEqual({ nonce: 'n-1', scanned_at: '2026-11-29T09:14:00.000Z', device: 'Door A', code: 'code-1' });
    expect(scanBody(scan({ code: null }))).toEqual({ nonce: 'n-1', scanned_at: '2026-11-29T09:14:00.000Z', device: 'Door A', ticket: short('code-1') });
  });

  it("takes the server's answer over the phone's: another door's earlier check-in turns green to amber", () => {
    const mine = scan();
    const other = scan({ nonce: 'n-2' });
    const answered = withServerAnswers(
      [mine, other],
      [mine],
      [{ nonce: 'n-1', result: 'already_checked_in', reason: null, checked_in_at: '2026-11-29T09:10:00Z', device: 'Door B' }],
    );
    expect(answered[0]).toMatchObject({ pending: false, answer: { result: 'already_checked_in', device: 'Door B' } });
    expect(answered[1]).toBe(other);
    // The list learns it: the next scan of the ticket is amber at once, with the first door.
    expect(withCheckIns([entry()], answered)[0]).toMatchObject({ checked_in_at: '2026-11-29T09:10:00Z', device: 'Door B' });
  });

  it('keeps a scan waiting when the server asks for it again (undone while it synced)', () => {
    const mine = scan();
    const [kept] = withServerAnswers([mine], [mine], [{ nonce: 'n-1', result: 'refused', reason: 'retry', checked_in_at: null, device: null }]);
    expect(kept).toBe(mine);
  });
});

describe('searching the list', () => {
  const entries = [entry(), entry({ code_hash: 'b', name: 'Éric Mugisha', reference: 'EVT-7-XYZ', phone_hash: short('+250722000111') })];

  it('finds by part of the name (any case or accent), the reference, or the phone', () => {
    expect(search(entries, 'eric', null).map((found) => found.name)).toEqual(['Éric Mugisha']);
    expect(search(entries, 'xyz', null).map((found) => found.name)).toEqual(['Éric Mugisha']);
    expect(search(entries, '0788123456', short('+250788123456')).map((found) => found.name)).toEqual(['Aline Uwase']);
    expect(search(entries, 'a', null)).toEqual([]);
  });
});
