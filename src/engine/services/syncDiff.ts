import type { SyncEventType } from './syncEvents.ts';

/*
 * What changed since a job's last run: the records of a complete pull against the job's snapshot
 * (record key -> content hash). A key the snapshot lacks is new, a different hash is modified, a
 * snapshot key the pull lacks was deleted in the app. An initial sync has no snapshot: every
 * record is new.
 */
export interface PulledRecord {
  key: string;
  hash: string;
  data: Record<string, unknown>;
  /** The app page it was read on (0-based). */
  page: number;
}

export interface RecordChange {
  key: string;
  eventType: SyncEventType;
  /** The hash the snapshot keeps from now on ('' for a deletion, which leaves the snapshot). */
  hash: string;
  data: Record<string, unknown> | null;
  /** The page it was read on; null for a deletion. */
  page: number | null;
}

/** The record is new or its data changed against the snapshot (what a run counts as it goes). */
export const isChanged = (record: Pick<PulledRecord, 'key' | 'hash'>, snapshot: ReadonlyMap<string, string>): boolean => snapshot.get(record.key) !== record.hash;

export function diffRecords(pulled: readonly PulledRecord[], snapshot: ReadonlyMap<string, string>): RecordChange[] {
  // An app that pages while records change can answer one twice: the last answer is its state.
  const latest = new Map<string, PulledRecord>();
  for (const record of pulled) {
    latest.delete(record.key);
    latest.set(record.key, record);
  }
  const changes: RecordChange[] = [];
  for (const record of latest.values()) {
    const before = snapshot.get(record.key);
    if (before === record.hash) continue;
    changes.push({ key: record.key, eventType: before === undefined ? 'record.new' : 'record.modified', hash: record.hash, data: record.data, page: record.page });
  }
  const gone = [...snapshot.keys()].filter((key) => !latest.has(key)).sort();
  for (const key of gone) changes.push({ key, eventType: 'record.deleted', hash: '', data: null, page: null });
  return changes;
}
