// @vitest-environment jsdom
import { webcrypto } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryKeyStore, createSessionStore, SESSION_STORAGE_KEY, type KeyStore, type SessionState } from '../../../src/dashboard/session/index.ts';

// The browser store runs in jsdom with its localStorage. jsdom has no IndexedDB and fake-indexeddb
// is not installed, so the key store is the memory one the store accepts by injection; WebCrypto is
// the platform's (jsdom's, else node's webcrypto).
const subtle = (globalThis.crypto?.subtle ?? webcrypto.subtle) as SubtleCrypto;

const state: SessionState = {
  token: 'tok_secret_0123456789abcdef0123456789ab',
  isLoggedIn: true,
  isFirstLogin: true,
  onBoardingCompleted: false,
  uiVersion: '1.4.2',
};

describe('session store (jsdom)', () => {
  let keyStore: KeyStore;
  beforeEach(() => {
    localStorage.clear();
    keyStore = createMemoryKeyStore();
  });
  const store = () => createSessionStore({ keyStore, subtle, storage: localStorage });

  it('runs where the browser globals are', () => {
    expect(typeof window).toBe('object');
    expect(typeof localStorage.setItem).toBe('function');
  });

  it('keeps only ciphertext in localStorage', async () => {
    await store().save(state);
    const blob = localStorage.getItem(SESSION_STORAGE_KEY)!;
    expect(blob).toBeTruthy();
    expect(blob).not.toContain(state.token);
    expect(blob).not.toContain('isLoggedIn');
    expect(JSON.parse(blob)).toMatchObject({ v: 1, iv: expect.any(String), data: expect.any(String) });
  });

  it('encrypts with a non-extractable AES-GCM key kept in the key store', async () => {
    await store().save(state);
    const key = (await keyStore.load())!;
    expect(key.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 });
    expect(key.extractable).toBe(false);
    await expect(subtle.exportKey('raw', key)).rejects.toBeTruthy();
  });

  it('a new page (new store, same key and storage) reads the session back; the cache is synchronous', async () => {
    await store().save(state);
    const next = store();
    expect(next.get()).toBeNull();
    await expect(next.load()).resolves.toEqual(state);
    expect(next.get()).toEqual(state);
    expect(next.getToken()).toBe(state.token);
  });

  it('uses a fresh IV per save', async () => {
    const s = store();
    await s.save(state);
    const first = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY)!).iv;
    await s.save(state);
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY)!).iv).not.toBe(first);
  });

  it('update merges into the session', async () => {
    const s = store();
    await s.save(state);
    await s.update({ onBoardingCompleted: true });
    await expect(store().load()).resolves.toEqual({ ...state, onBoardingCompleted: true });
  });

  it('clear (logout) deletes the ciphertext and the key', async () => {
    const s = store();
    await s.save(state);
    await s.clear();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    await expect(keyStore.load()).resolves.toBeUndefined();
    expect(s.get()).toBeNull();
    expect(s.getToken()).toBeNull();
  });

  it('a tampered blob or a lost key reads as signed out and is dropped', async () => {
    await store().save(state);
    const blob = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY)!);
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ ...blob, data: blob.data.replace(/^./, (c: string) => (c === 'A' ? 'B' : 'A')) }));
    await expect(store().load()).resolves.toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();

    await store().save(state);
    await keyStore.remove();
    await expect(store().load()).resolves.toBeNull();
  });

  it('a session that is not logged in gives no token', async () => {
    const s = store();
    await s.save({ ...state, isLoggedIn: false });
    expect(s.getToken()).toBeNull();
  });

  it('tells subscribers about every change', async () => {
    const s = store();
    const seen: (SessionState | null)[] = [];
    const stop = s.subscribe((next) => seen.push(next));
    await s.save(state);
    await s.clear();
    stop();
    await s.save(state);
    expect(seen).toEqual([state, null]);
  });
});
