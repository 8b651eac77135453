/**
 * What a door phone keeps of an event's people once its staff session ends: the check-in screen
 * (features/checkin/device-store.ts) stores each event's list (names, access needs) and its scans
 * in IndexedDB so that the door works offline. A volunteer's own phone should not go on holding
 * them: once the dashboard finds no session (sign-out, or a session the server ended;
 * app/require-admin.tsx), the lists go, scans the server has answered go, and scans still
 * waiting keep only what their sync needs.
 */
export const DOOR_DB = 'checkin';

function done(request: IDBRequest | IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    if (request instanceof IDBTransaction) {
      request.oncomplete = () => resolve();
      request.onabort = request.onerror = () => reject(request.error ?? new Error('IndexedDB transaction failed'));
    } else {
      request.onsuccess = () => resolve();
      request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
    }
  });
}

export async function forgetDoorData(): Promise<void> {
  // Opening a database that is not there would create it, empty, and the door screen's own
  // opening would then skip making its stores: only one this browser already has is opened.
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return;
  const known = await indexedDB.databases();
  if (!known.some((database) => database.name === DOOR_DB)) return;
  const opening = indexedDB.open(DOOR_DB);
  await done(opening);
  const database = opening.result;
  try {
    const stores = ['lists', 'scans'].filter((name) => database.objectStoreNames.contains(name));
    if (stores.length === 0) return;
    const transaction = database.transaction(stores, 'readwrite');
    if (stores.includes('lists')) transaction.objectStore('lists').clear();
    if (stores.includes('scans')) {
      const cursor = transaction.objectStore('scans').openCursor();
      cursor.onsuccess = () => {
        const at = cursor.result;
        if (!at) return;
        const scan = at.value as { pending?: boolean };
        if (scan.pending) at.update({ ...scan, name: null, accessNeeds: null });
        else at.delete();
        at.continue();
      };
    }
    await done(transaction);
  } finally {
    database.close();
  }
}
