/*
 * Group commit: writes that arrive together share one transaction. A caller adds its item and
 * waits for it to be written; the items added while the event loop handles one round of I/O (the
 * answers of several accounts' webhooks, say) are written together at the end of that round, and
 * those added while a write is in flight go in the next one. Nobody waits for a timer: a lone
 * item is written at once. A transaction saves its commit (on SQLite most of a small write's
 * cost) for every item it carries.
 *
 * When a shared write fails, each of its items is written on its own, so one item's failure (or
 * a lock conflict between writers) is that item's alone.
 */
export interface GroupCommit<T> {
  /** Resolves once the item is written; rejects with its own write's error. */
  add(item: T): Promise<void>;
}

interface Waiting<T> {
  item: T;
  written(): void;
  failed(error: unknown): void;
}

/**
 * `concurrency` writes may be in flight at once (on PostgreSQL several transactions run side by
 * side on the pool; SQLite has one writer, so 1).
 */
export function groupCommit<T>(write: (items: T[]) => Promise<void>, concurrency = 1): GroupCommit<T> {
  let waiting: Waiting<T>[] = [];
  let writers = 0;
  let scheduled = false;

  async function writeAll(batch: Waiting<T>[]): Promise<void> {
    try {
      await write(batch.map((w) => w.item));
      for (const w of batch) w.written();
    } catch (error) {
      if (batch.length === 1) {
        batch[0].failed(error);
        return;
      }
      for (const w of batch) await writeAll([w]);
    }
  }

  async function writer(): Promise<void> {
    writers += 1;
    try {
      while (waiting.length > 0) {
        const batch = waiting;
        waiting = [];
        await writeAll(batch);
      }
    } finally {
      writers -= 1;
    }
  }

  /** After this round of I/O callbacks, so the items they add go in the same write. */
  function schedule(): void {
    if (scheduled || writers >= concurrency) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      if (waiting.length > 0 && writers < concurrency) void writer();
    });
  }

  return {
    add(item) {
      return new Promise<void>((written, failed) => {
        waiting.push({ item, written, failed });
        schedule();
      });
    },
  };
}
