import type { Schemas } from '../../lib/api-types';

/**
 * The door's decisions, made on the phone against the list it keeps (docs/checkin.md): pure
 * functions, so that the rules are tested apart from the screen, the camera and IndexedDB.
 */

export type CheckinEntry = Schemas['CheckinEntry'];
export type CheckinList = Schemas['CheckinListOut'];
export type ScanResult = Schemas['ScanAnswer']['result'];

/** What the screen says about a scan (the server's reasons, and the phone's own for a local one). */
export interface Answer {
  result: ScanResult;
  reason: string | null;
  /** The first check-in's time and device: this scan's when it let the person in. */
  checkedInAt: string | null;
  device: string | null;
}

/** One scan as the phone keeps it until the server has answered it (and after, for the screen). */
export interface Scan {
  nonce: string;
  eventId: number;
  /** The list's hash of the ticket: what the screen and the undo use. */
  ticket: string;
  /** The scanned or typed code (or the QR's address), when there was one; none for a search. */
  code: string | null;
  scannedAt: string;
  device: string;
  /** The phone's answer first, the server's once it has one. */
  answer: Answer;
  /** True until the server has answered. */
  pending: boolean;
  /** The person's name and access needs, for the screen (from the list). */
  name: string | null;
  accessNeeds: CheckinEntry['access_needs'] | null;
}

/** The body item the server takes (docs/api.md, checkins): the code when there is one, else the list's hash. */
export type ScanBody = { nonce: string; scanned_at: string; device: string } & ({ code: string } | { ticket: string });

/** The code in what a scanner read: the QR holds the ticket page's address, the code its last segment. */
export function codeFromScan(text: string): string {
  const trimmed = text.trim().replace(/\/+$/, '');
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}

/** The first 16 hex digits of SHA-256 of the text, as the check-in list carries codes and phones. */
export async function shortHash(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest).slice(0, 8), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * A typed phone number in E.164, as the server keeps it: a number without its country is Rwandan
 * (0788 123 456, 788123456 → +250788123456). Null for what cannot be a number.
 */
export function normalisePhone(raw: string): string | null {
  const trimmed = raw.trim();
  let digits = trimmed.replace(/[\s().-]/g, '');
  if (!/^\+?\d+$/.test(digits)) return null;
  if (digits.startsWith('+')) digits = digits.slice(1);
  else if (digits.startsWith('00')) digits = digits.slice(2);
  else if (digits.startsWith('250') && digits.length === 12) {
    // already with the country code, no +
  } else if (digits.startsWith('0')) digits = `250${digits.slice(1)}`;
  else if (digits.length === 9) digits = `250${digits}`;
  else return null;
  if (digits.length < 8 || digits.length > 15) return null;
  return `+${digits}`;
}

/** Why the list itself refuses an entry: its seat is not confirmed, or it ended. */
const STATUS_REASONS: Record<CheckinEntry['status'], string | null> = {
  Approved: null,
  Pending: 'not_confirmed',
  Expired: 'not_confirmed',
  Rejected: 'rejected',
  Cancelled: 'cancelled',
};

/**
 * The ticket's first check-in as this phone knows it: the list's (the server's when the list was
 * read), else the earliest of this phone's own scans that let it in.
 */
export function firstCheckIn(entry: CheckinEntry | undefined, scans: readonly Scan[]): Pick<Answer, 'checkedInAt' | 'device'> | null {
  if (entry?.checked_in_at) return { checkedInAt: entry.checked_in_at, device: entry.device };
  let first: Scan | null = null;
  for (const scan of scans) {
    if (scan.answer.result !== 'checked_in' || (entry && scan.ticket !== entry.code_hash)) continue;
    if (!first || scan.scannedAt < first.scannedAt) first = scan;
  }
  return first ? { checkedInAt: first.answer.checkedInAt ?? first.scannedAt, device: first.answer.device ?? first.device } : null;
}

/**
 * The phone's answer to a scan, before the server's: not in the list, refused by the seat's status,
 * already in (by the list or an earlier scan on this phone: the first scan here wins here), or in.
 */
export function decide(entry: CheckinEntry | undefined, scansOfTicket: readonly Scan[], scannedAt: string, device: string): Answer {
  if (!entry) return { result: 'refused', reason: 'not_a_ticket', checkedInAt: null, device: null };
  const refusal = STATUS_REASONS[entry.status];
  if (refusal) return { result: 'refused', reason: refusal, checkedInAt: null, device: null };
  const first = firstCheckIn(entry, scansOfTicket);
  if (first) return { result: 'already_checked_in', reason: null, ...first };
  return { result: 'checked_in', reason: null, checkedInAt: scannedAt, device };
}

/** A nonce nobody else will send: 128 random bits. */
export function newNonce(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The scans waiting for the server, oldest first, in lists of at most `maxScans`. */
export function batches(scans: readonly Scan[], maxScans: number): Scan[][] {
  const waiting = scans.filter((scan) => scan.pending).sort((a, b) => a.scannedAt.localeCompare(b.scannedAt));
  const size = Math.max(1, maxScans);
  const out: Scan[][] = [];
  for (let i = 0; i < waiting.length; i += size) out.push(waiting.slice(i, i + size));
  return out;
}

/** What the server is sent for a scan. */
export function scanBody(scan: Scan): ScanBody {
  const base = { nonce: scan.nonce, scanned_at: scan.scannedAt, device: scan.device };
  return scan.code ? { ...base, code: scan.code } : { ...base, ticket: scan.ticket };
}

/**
 * The scans once the server has answered a batch (`answers` in the order sent): its answer replaces
 * the phone's; a `retry` (undone while it synced) stays waiting. Scans not in the batch are kept.
 */
export function withServerAnswers(
  scans: readonly Scan[],
  sent: readonly Scan[],
  answers: readonly Schemas['ScanAnswer'][],
): Scan[] {
  const byNonce = new Map<string, Schemas['ScanAnswer']>();
  sent.forEach((scan, index) => {
    const answer = answers[index];
    if (answer && answer.nonce === scan.nonce) byNonce.set(scan.nonce, answer);
  });
  return scans.map((scan) => {
    const answer = byNonce.get(scan.nonce);
    if (!answer || answer.reason === 'retry') return scan;
    return {
      ...scan,
      pending: false,
      answer: {
        result: answer.result,
        reason: answer.reason,
        checkedInAt: answer.checked_in_at,
        device: answer.device,
      },
    };
  });
}

/** The list with the server's check-ins from answered scans, so that later scans answer amber at once. */
export function withCheckIns(entries: readonly CheckinEntry[], scans: readonly Scan[]): CheckinEntry[] {
  const known = new Map<string, Answer>();
  for (const scan of scans) {
    if (scan.pending || (scan.answer.result !== 'checked_in' && scan.answer.result !== 'already_checked_in')) continue;
    known.set(scan.ticket, scan.answer);
  }
  return entries.map((entry) => {
    const answer = known.get(entry.code_hash);
    if (!answer || entry.checked_in_at) return entry;
    return { ...entry, checked_in_at: answer.checkedInAt, device: answer.device };
  });
}

/** Folds letters to compare names as people type them (case and accents aside). */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/**
 * The entries a search finds: by the phone's hash when the text is a phone number, else by a part
 * of the name or the reference. At most `limit`, the list's order (by name).
 */
export function search(entries: readonly CheckinEntry[], text: string, phoneHash: string | null, limit = 20): CheckinEntry[] {
  const wanted = folded(text);
  if (wanted.length < 2) return [];
  const found: CheckinEntry[] = [];
  for (const entry of entries) {
    const hit =
      (phoneHash !== null && entry.phone_hash === phoneHash) ||
      folded(entry.name).includes(wanted) ||
      (entry.reference !== null && folded(entry.reference).includes(wanted));
    if (hit) found.push(entry);
    if (found.length >= limit) break;
  }
  return found;
}
