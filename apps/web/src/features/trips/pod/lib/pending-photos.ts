/**
 * POD photos kept on the phone until they reach the server (ADR 144). IndexedDB survives a reload
 * and a closed tab; where it is missing (old webviews, tests) a memory map keeps the session's.
 */
export type PendingPhoto = { id: string; tripId: string; name: string; type: string; blob: Blob; createdAt: number };

const DB_NAME = 'bhada-pod';
const STORE = 'pending-photos';
const memory = new Map<string, PendingPhoto>();

function openDb(): Promise<IDBDatabase> | null {
  if (typeof indexedDB === 'undefined') return null;
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => {
      const store = req.result.createObjectStore(STORE, { keyPath: 'id' });
      store.createIndex('tripId', 'tripId');
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function run<T>(mode: IDBTransactionMode, fn: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await (openDb() as Promise<IDBDatabase>);
  return new Promise<T>((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const req = fn(tx.objectStore(STORE));
    tx.oncomplete = () => {
      db.close();
      resolve(req.result);
    };
    tx.onerror = () => reject(tx.error);
  });
}

export async function savePending(photo: PendingPhoto): Promise<void> {
  if (typeof indexedDB === 'undefined') {
    memory.set(photo.id, photo);
    return;
  }
  await run('readwrite', (s) => s.put(photo));
}

export async function listPending(tripId: string): Promise<PendingPhoto[]> {
  if (typeof indexedDB === 'undefined') return [...memory.values()].filter((p) => p.tripId === tripId);
  const all = await run<PendingPhoto[]>('readonly', (s) => s.index('tripId').getAll(tripId));
  return all.sort((a, b) => a.createdAt - b.createdAt);
}

export async function dropPending(id: string): Promise<void> {
  if (typeof indexedDB === 'undefined') {
    memory.delete(id);
    return;
  }
  await run('readwrite', (s) => s.delete(id));
}
