/**
 * POD photos taken on the driver's page wait here until they are uploaded (IndexedDB survives a reload and
 * a closed tab; where it is missing, a memory map keeps this visit's). The same pattern as the POD
 * uploader's pending photos (ADR 144); features keep their own copies.
 */
export type StoredPhoto = { id: string; name: string; type: string; blob: Blob };

const DB_NAME = 'bhada-driver';
const STORE = 'photos';
const memory = new Map<string, StoredPhoto>();

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'id' });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function run<T>(mode: IDBTransactionMode, fn: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDb();
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

const hasIdb = () => typeof indexedDB !== 'undefined';

export const photoStore = {
  async put(photo: StoredPhoto) {
    if (!hasIdb()) memory.set(photo.id, photo);
    else await run('readwrite', (s) => s.put(photo));
  },
  async get(id: string): Promise<StoredPhoto | undefined> {
    if (!hasIdb()) return memory.get(id);
    return run<StoredPhoto | undefined>('readonly', (s) => s.get(id));
  },
  async drop(id: string) {
    if (!hasIdb()) memory.delete(id);
    else await run('readwrite', (s) => s.delete(id));
  },
};
