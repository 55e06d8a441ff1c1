import { writeWatchOf } from './writeWatch.ts';

/*
 * Small rows that nearly every call reads and that rarely change (a call's session and user, an
 * organisation's enabled categories) are kept per database handle for up to WATCHED_CACHE_MS of
 * real time. On PostgreSQL each such read is a round trip as costly as the page the call is for.
 * Any write to one of a cache's tables through the same handle (db/writeWatch.ts: transactions
 * and raw SQL included) empties that cache before the write runs, so this process's next call
 * sees the change, and so do the other processes of the same engine (engineCluster.ts relays the
 * write to them before it runs); writes of another engine or of a separate worker process are seen
 * within WATCHED_CACHE_MS. A read that began before such a write is not kept. Callers check expiry
 * against each call's own clock.
 */
export const WATCHED_CACHE_MS = 1000;

/** Each cache, by name, and the tables whose writes empty it. */
export const CACHE_TABLES = {
  /** A call's session and its user (services/sessions.ts). */
  sessions: ['sessions', 'users'],
  /** An organisation's integrated accounts counted per category. */
  accountsPerCategory: ['integrated_accounts', 'integrated_account_counts'],
  /** An organisation's enabled categories. */
  enabledCategories: ['getting_started', 'categories'],
} as const;
export type CacheName = keyof typeof CACHE_TABLES;

/** Every table a cache is emptied by: the writes the engine's serving processes tell each other. */
export const CACHED_TABLES: ReadonlySet<string> = new Set(Object.values(CACHE_TABLES).flat());

const MAX_ENTRIES = 10_000;

export class WatchedCache<T> {
  private readonly entries = new Map<string, { value: T; readAt: number }>();
  /** Bumped by clear(): a read started under an older generation is not kept. */
  private generation = 0;

  constructor(private readonly clock: () => number = () => performance.now()) {}

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.clock() - entry.readAt < WATCHED_CACHE_MS) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  /** The cached value, or load()'s, kept unless `keep` refuses it or the cache was cleared meanwhile. */
  async read(key: string, load: () => Promise<T>, keep: (value: T) => boolean = () => true): Promise<T> {
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    const startedIn = this.generation;
    const value = await load();
    if (startedIn === this.generation && keep(value)) this.set(key, value);
    return value;
  }

  set(key: string, value: T): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, { value, readAt: this.clock() });
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }
}

const caches = new WeakMap<object, Map<string, WatchedCache<unknown>>>();

/**
 * The cache `name` of a database handle, emptied by writes to its CACHE_TABLES; none for a handle
 * whose writes cannot be watched (the caller then reads every time).
 */
export function watchedCacheOf<T>(db: object, name: CacheName): WatchedCache<T> | undefined {
  let named = caches.get(db);
  const known = named?.get(name);
  if (known) return known as WatchedCache<T>;
  const watch = writeWatchOf(db);
  if (!watch) return undefined;
  if (!named) caches.set(db, (named = new Map()));
  const cache = new WatchedCache<T>();
  for (const table of CACHE_TABLES[name]) watch.watch(table, () => cache.clear());
  named.set(name, cache as WatchedCache<unknown>);
  return cache;
}
