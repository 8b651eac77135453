import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

import { DOOR_DB } from '../../lib/door-data';
import type { CheckinList, Scan } from './logic';

/**
 * What the door's phone keeps in IndexedDB, so that it scans with no network and loses nothing on
 * a reload: each event's check-in list as last downloaded, and every scan (those waiting for the
 * server among them). Only hashes of codes and phones, never a code of a ticket found by search.
 */
interface DoorDb extends DBSchema {
  lists: { key: number; value: CheckinList };
  scans: { key: string; value: Scan; indexes: { event: number } };
}

let opened: Promise<IDBPDatabase<DoorDb>> | null = null;

function db() {
  opened ??= openDB<DoorDb>(DOOR_DB, 1, {
    upgrade(database) {
      database.createObjectStore('lists', { keyPath: 'event_id' });
      database.createObjectStore('scans', { keyPath: 'nonce' }).createIndex('event', 'eventId');
    },
  });
  return opened;
}

export async function readList(eventId: number): Promise<CheckinList | undefined> {
  return (await db()).get('lists', eventId);
}

export async function saveList(list: CheckinList): Promise<void> {
  await (await db()).put('lists', list);
}

export async function readScans(eventId: number): Promise<Scan[]> {
  return (await db()).getAllFromIndex('scans', 'event', eventId);
}

/** Writes the scans given (new ones, or with the server's answer), in one transaction. */
export async function saveScans(scans: readonly Scan[]): Promise<void> {
  const transaction = (await db()).transaction('scans', 'readwrite');
  await Promise.all([...scans.map((scan) => transaction.store.put(scan)), transaction.done]);
}

export async function deleteScans(nonces: readonly string[]): Promise<void> {
  const transaction = (await db()).transaction('scans', 'readwrite');
  await Promise.all([...nonces.map((nonce) => transaction.store.delete(nonce)), transaction.done]);
}

const DEVICE_KEY = 'checkin-device';

/** The name the volunteer gave this phone ("Door B"), sent with every scan. */
export function storedDeviceName(): string {
  try {
    return localStorage.getItem(DEVICE_KEY) ?? '';
  } catch {
    return '';
  }
}

export function storeDeviceName(name: string): void {
  try {
    localStorage.setItem(DEVICE_KEY, name);
  } catch {
    // Private mode without storage: the name holds for this visit.
  }
}

const LAST_EVENT_KEY = 'checkin-last-event';

/** The event this phone last checked people in for: where the installed door app opens. */
export function storeLastEvent(eventId: number): void {
  try {
    localStorage.setItem(LAST_EVENT_KEY, String(eventId));
  } catch {
    // Private mode without storage: the app opens on the registrations page instead.
  }
}

export function storedLastEvent(): number | null {
  try {
    const value = localStorage.getItem(LAST_EVENT_KEY) ?? '';
    return /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : null;
  } catch {
    return null;
  }
}
