/** What the dashboard keeps between page loads about the signed-in user (spec part 1 §2, §4). */
export interface SessionState {
  /** Bearer token of auth.verifyOtp; every secured call carries it. */
  token: string;
  isLoggedIn: boolean;
  isFirstLogin: boolean;
  onBoardingCompleted: boolean;
  /** uiVersion the server answered at login (auth.verifyOtp), compared by the version check. */
  uiVersion: string | null;
}

/** Where the AES-GCM key lives. The browser one is IndexedDB; tests pass a memory store. */
export interface KeyStore {
  load(): Promise<CryptoKey | undefined>;
  save(key: CryptoKey): Promise<void>;
  remove(): Promise<void>;
}

/** Where the ciphertext lives: the subset of `Storage` (localStorage) the store uses. */
export type CipherStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type SessionListener = (state: SessionState | null) => void;

export interface SessionStore {
  /** Synchronous read of the in-memory cache (null until `load` or `save`, and after `clear`). */
  get(): SessionState | null;
  /** The bearer token of a logged-in session, for the API middleware. */
  getToken(): string | null;
  /**
   * Whether a session is stored (read synchronously, without decrypting it): the page can start
   * fetching the dashboard before `load` says whether the session is still readable.
   */
  hasStored(): boolean;
  /** Decrypts the stored session into the cache; null (and the stored blob dropped) when unreadable. */
  load(): Promise<SessionState | null>;
  /** Replaces the session, encrypting it under the stored key (creating the key on first use). */
  save(state: SessionState): Promise<void>;
  /** Merges into the current session and saves it; a no-op without a session. */
  update(patch: Partial<SessionState>): Promise<void>;
  /** Logout: forgets the cache and deletes both the ciphertext and the key. */
  clear(): Promise<void>;
  subscribe(listener: SessionListener): () => void;
}

export interface SessionStoreOptions {
  keyStore?: KeyStore;
  storage?: CipherStorage;
  /** WebCrypto's SubtleCrypto; defaults to globalThis.crypto.subtle. */
  subtle?: SubtleCrypto;
  /** localStorage key of the ciphertext. */
  storageKey?: string;
}
