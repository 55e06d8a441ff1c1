export { createSessionStore, sessionStore, SESSION_STORAGE_KEY } from './sessionStore.ts';
export { createIndexedDbKeyStore, createMemoryKeyStore } from './keyStores.ts';
export type { CipherStorage, KeyStore, SessionListener, SessionState, SessionStore, SessionStoreOptions } from './types.ts';
