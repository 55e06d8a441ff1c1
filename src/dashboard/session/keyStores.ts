import type { KeyStore } from './types.ts';

const DB_NAME = 'dashboard-session';
const STORE = 'keys';
const KEY_ID = 'session-key';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/**
 * The browser key store: the CryptoKey itself goes into IndexedDB (a CryptoKey is
 * structured-cloneable), so a non-extractable key survives reloads without its bytes ever being
 * readable by script, unlike anything kept in localStorage.
 */
export function createIndexedDbKeyStore(factory: IDBFactory = globalThis.indexedDB, dbName = DB_NAME): KeyStore {
  let db: Promise<IDBDatabase> | undefined;
  const open = () => {
    db ??= new Promise<IDBDatabase>((resolve, reject) => {
      const req = factory.open(dbName, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(STORE);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    return db;
  };
  const store = async (mode: IDBTransactionMode) => (await open()).transaction(STORE, mode).objectStore(STORE);
  return {
    async load() {
      const value = await request((await store('readonly')).get(KEY_ID));
      return (value as CryptoKey | undefined) ?? undefined;
    },
    async save(key) {
      await request((await store('readwrite')).put(key, KEY_ID));
    },
    async remove() {
      await request((await store('readwrite')).delete(KEY_ID));
    },
  };
}

/** A key store that lives as long as the page: for tests and browsers without IndexedDB. */
export function createMemoryKeyStore(): KeyStore {
  let key: CryptoKey | undefined;
  return {
    load: async () => key,
    save: async (next) => {
      key = next;
    },
    remove: async () => {
      key = undefined;
    },
  };
}
