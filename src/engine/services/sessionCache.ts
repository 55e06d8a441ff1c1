import { writeWatchOf } from '../db/writeWatch.ts';

/*
 * Every authenticated call starts by reading its session and user, and a dashboard screen sends
 * several calls at once; on PostgreSQL that read is a round trip of its own, as costly as the
 * page the call is for. A process reuses a session row it read for up to SESSION_CACHE_MS of
 * real time. Any write to sessions or users through this process's database handle empties the
 * cache before it runs (db/writeWatch.ts), so sign-out, revocation, deletion and role changes
 * apply to this process's next call; another engine process sees them within SESSION_CACHE_MS.
 * Expiry is checked against each call's clock, cached or not. Unknown tokens are never kept.
 */
export const SESSION_CACHE_MS = 1000;
const MAX_ENTRIES = 10_000;

export class SessionCache<Row> {
  private readonly entries = new Map<string, { row: Row; readAt: number }>();

  constructor(private readonly clock: () => number = () => performance.now()) {}

  get(tokenHash: string): Row | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (this.clock() - entry.readAt < SESSION_CACHE_MS) return entry.row;
    this.entries.delete(tokenHash);
    return undefined;
  }

  set(tokenHash: string, row: Row): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(tokenHash, { row, readAt: this.clock() });
  }

  clear(): void {
    this.entries.clear();
  }
}

const caches = new WeakMap<object, SessionCache<never>>();

/** The session cache of a database handle; none for a handle whose writes cannot be watched. */
export function sessionCacheOf<Row>(db: object): SessionCache<Row> | undefined {
  let cache = caches.get(db) as SessionCache<Row> | undefined;
  if (cache) return cache;
  const watch = writeWatchOf(db);
  if (!watch) return undefined;
  cache = new SessionCache<Row>();
  const created = cache;
  watch.watch('sessions', () => created.clear());
  watch.watch('users', () => created.clear());
  caches.set(db, cache as SessionCache<never>);
  return cache;
}
