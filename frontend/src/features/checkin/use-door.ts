import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

import { errorStatus } from '../../lib/api-error';
import { useDownloadCheckinListMutation, useSyncCheckinsMutation, useUndoCheckinMutation } from './checkin-api';
import { deleteScans, readList, readScans, saveList, saveScans } from './device-store';
import {
  batches,
  codeFromScan,
  decide,
  newNonce,
  normalisePhone,
  scanBody,
  shortHash,
  withCheckIns,
  withServerAnswers,
  type CheckinEntry,
  type CheckinList,
  type Scan,
} from './logic';

/** While scans wait and the phone thinks it is online, it tries again this often. */
export const SYNC_RETRY_MS = 15_000;

/** The list's hash of a typed phone number, or null when the text is no phone number. */
export async function phoneHash(text: string): Promise<string | null> {
  const phone = normalisePhone(text);
  return phone ? shortHash(phone) : null;
}

function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

export type ListState = 'reading' | 'none' | 'ready';
export type UndoOutcome = 'undone' | 'offline' | 'failed';

/**
 * The door's state for one event: the list and scans kept in IndexedDB, each scan decided on the
 * phone at once and sent when the network allows (oldest first, in lists of `max_scans`), the
 * server's answers replacing the phone's.
 */
export function useDoor(eventId: number, device: string) {
  const online = useOnline();
  const [list, setList] = useState<CheckinList | null>(null);
  const [listState, setListState] = useState<ListState>('reading');
  const [scans, setScans] = useState<Scan[]>([]);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const [download, { isLoading: downloading }] = useDownloadCheckinListMutation();
  const [sync] = useSyncCheckinsMutation();
  const [undo] = useUndoCheckinMutation();
  // The latest values for the sync, which runs outside renders.
  const scansRef = useRef<Scan[]>([]);
  const listRef = useRef<CheckinList | null>(null);
  const syncing = useRef(false);

  const putScans = useCallback((next: Scan[]) => {
    scansRef.current = next;
    setScans(next);
  }, []);
  const putList = useCallback((next: CheckinList | null) => {
    listRef.current = next;
    setList(next);
  }, []);

  const refresh = useCallback(async () => {
    setDownloadFailed(false);
    try {
      const fresh = await download(eventId).unwrap();
      // Scans the server has not seen yet still count on this phone.
      const merged = { ...fresh, entries: withCheckIns(fresh.entries, scansRef.current) };
      await saveList(merged);
      putList(merged);
      setListState('ready');
    } catch {
      setDownloadFailed(true);
    }
  }, [download, eventId, putList]);

  const sendWaiting = useCallback(async () => {
    if (syncing.current || !navigator.onLine) return;
    syncing.current = true;
    try {
      for (const batch of batches(scansRef.current, listRef.current?.max_scans ?? 500)) {
        const { results } = await sync({ eventId, scans: batch.map(scanBody) }).unwrap();
        const answered = withServerAnswers(scansRef.current, batch, results);
        await saveScans(answered.filter((scan) => batch.some((sent) => sent.nonce === scan.nonce)));
        putScans(answered);
        const current = listRef.current;
        if (current) {
          const updated = { ...current, entries: withCheckIns(current.entries, answered) };
          await saveList(updated);
          putList(updated);
        }
      }
    } catch {
      // No network, or the server is away: the scans wait for the next try.
    } finally {
      syncing.current = false;
    }
  }, [eventId, putList, putScans, sync]);

  // What the phone kept, then a fresh list when the network allows.
  useEffect(() => {
    let live = true;
    void Promise.all([readList(eventId), readScans(eventId)]).then(([kept, keptScans]) => {
      if (!live) return;
      putScans(keptScans);
      putList(kept ?? null);
      setListState(kept ? 'ready' : 'none');
      if (navigator.onLine) void refresh().then(sendWaiting);
    });
    return () => {
      live = false;
    };
    // Once per event: refresh and sendWaiting change with no new data to read.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [eventId]);

  const waiting = scans.filter((scan) => scan.pending).length;
  useEffect(() => {
    if (!online || waiting === 0) return;
    void sendWaiting();
    const timer = window.setInterval(() => void sendWaiting(), SYNC_RETRY_MS);
    return () => window.clearInterval(timer);
  }, [online, waiting, sendWaiting]);

  const byHash = useMemo(() => new Map((list?.entries ?? []).map((entry) => [entry.code_hash, entry])), [list]);

  const record = useCallback(
    async (ticket: string, code: string | null): Promise<Scan> => {
      const entry = byHash.get(ticket);
      const scannedAt = new Date().toISOString();
      const scan: Scan = {
        nonce: newNonce(),
        eventId,
        ticket,
        code,
        scannedAt,
        device,
        answer: decide(entry, scansRef.current.filter((earlier) => earlier.ticket === ticket), scannedAt, device),
        pending: true,
        name: entry?.name ?? null,
        accessNeeds: entry?.access_needs ?? null,
      };
      await saveScans([scan]);
      putScans([...scansRef.current, scan]);
      void sendWaiting();
      return scan;
    },
    [byHash, device, eventId, putScans, sendWaiting],
  );

  /** A code read by the camera or typed in (or the QR's whole address). */
  const scanCode = useCallback(
    async (text: string) => {
      const code = codeFromScan(text);
      return record(await shortHash(code), code);
    },
    [record],
  );

  /** A ticket found by name, phone or reference. */
  const checkInEntry = useCallback((entry: CheckinEntry) => record(entry.code_hash, null), [record]);

  /** Undoes the check-in a scan made: on the phone alone while it waits, else on the server. */
  const undoScan = useCallback(
    async (scan: Scan): Promise<UndoOutcome> => {
      const current = scansRef.current.find((kept) => kept.nonce === scan.nonce) ?? scan;
      if (current.pending) {
        await deleteScans([current.nonce]);
        putScans(scansRef.current.filter((kept) => kept.nonce !== current.nonce));
        return 'undone';
      }
      if (!navigator.onLine) return 'offline';
      try {
        await undo({ eventId, ticket: current.ticket }).unwrap();
      } catch (error) {
        // 409: nothing to undo any more (undone elsewhere); no number: no answer, no network.
        const status = errorStatus(error);
        if (status !== 409) return typeof status === 'number' ? 'failed' : 'offline';
      }
      const gone = scansRef.current.filter((kept) => kept.ticket === current.ticket && !kept.pending && kept.answer.result === 'checked_in');
      await deleteScans(gone.map((kept) => kept.nonce));
      putScans(scansRef.current.filter((kept) => !gone.includes(kept)));
      const kept = listRef.current;
      if (kept) {
        const updated = {
          ...kept,
          entries: kept.entries.map((entry) => (entry.code_hash === current.ticket ? { ...entry, checked_in_at: null, device: null } : entry)),
        };
        await saveList(updated);
        putList(updated);
      }
      return 'undone';
    },
    [eventId, putList, putScans, undo],
  );

  return {
    online,
    list,
    listState,
    scans,
    waiting,
    downloading,
    downloadFailed,
    refresh,
    scanCode,
    checkInEntry,
    undoScan,
  };
}
