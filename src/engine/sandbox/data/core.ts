import { base, en, Faker } from '@faker-js/faker';
import { stableHash } from '../../seed/random.ts';
import { DAY_MS } from '../../../shared/timeWindows.ts';

/*
 * Generated vendor data, a pure function of (connection, resource, record index, clock): nothing
 * is stored, so a connection always sees the same records, and records appear and change as the
 * clock moves.
 *
 * Timeline of a resource in one connection: record i is created at origin + i * interval (plus a
 * jitter below one interval), so records keep appearing (new hires, new applications, new journal
 * entries); a record created after `now` does not exist yet. Changes: a record that changes has
 * its own period; at every period since its creation it moves to its next version (a promotion,
 * the next interview stage, a deal won), up to the resource's last version, and its modified time
 * is the start of its current version. A later sync therefore finds what changed since the last
 * one (updated_since) and the same version reads the same on every call.
 *
 * Field values come from Faker seeded with (connection, resource, index[, version]): Faker is
 * re-seeded before every record, so a record does not depend on which page it is read on.
 */

/** Where every connection's history starts (give or take the connection's own offset). */
const HISTORY_START = Date.UTC(2024, 0, 1);

const faker = new Faker({ locale: [en, base] });

export interface Connection {
  /** Seed of everything the connection sees. */
  seed: number;
  /** The engine's clock. */
  now: number;
}

export interface RecordMeta {
  index: number;
  createdAt: number;
  /** Its current version's start (createdAt for version 0). */
  modifiedAt: number;
  version: number;
  /** Whether the record ever changes. */
  changes: boolean;
}

/** How a resource's record ids are made from record indexes, and read back (detail calls). */
export interface IdScheme {
  of(index: number): string;
  index(id: string): number | undefined;
}

/** Ids `base + index` in decimal. */
export const numericIds = (base: number): IdScheme => ({
  of: (index) => String(base + index),
  index: (id) => (/^\d{1,12}$/.test(id) ? Number(id) - base : undefined),
});

/** Ids `prefix` + (base + index) in base 36. */
export const prefixedIds = (prefix: string, base: number): IdScheme => ({
  of: (index) => `${prefix}${(base + index).toString(36)}`,
  index: (id) => (id.startsWith(prefix) && /^[0-9a-z]{1,10}$/.test(id.slice(prefix.length)) ? parseInt(id.slice(prefix.length), 36) - base : undefined),
});

export interface ResourceSpec<T> {
  name: string;
  ids: IdScheme;
  /** Days between two new records, the connection's own value drawn from this range. */
  everyDays: [number, number];
  /** At most this many records. */
  max: number;
  /** Days between two versions of a changing record, its own value drawn from this range; none: records never change. */
  changeEveryDays?: [number, number];
  /** Share of records that never change. */
  unchanging?: number;
  /** The last version a record can reach. */
  lastVersion?: number;
  /** The last version this record reaches when it ends earlier (a leaver, a rejected application); `hash` as BuildInput's. */
  lastVersionOf?(hash: (purpose: string) => number): number;
  /** The record as the vendor answers it. Faker comes seeded for the record; `seedVersion(v)` re-seeds it for version v's changes. */
  build(input: BuildInput): T;
}

export interface BuildInput {
  faker: Faker;
  meta: RecordMeta;
  conn: Connection;
  /** Re-seeds Faker for the changes of version v of this record. */
  seedVersion(version: number): Faker;
  /** How many records of another resource existed at a time (to refer to one of them). */
  countAt(resource: ResourceSpec<unknown>, at: number): number;
  /** A stable number for this record and a purpose. */
  hash(purpose: string): number;
}

const mix = (...parts: (string | number)[]) => stableHash(parts.join('|'));

interface Timeline {
  origin: number;
  interval: number;
}

function timeline(conn: Connection, spec: ResourceSpec<unknown>): Timeline {
  const [min, max] = spec.everyDays;
  const interval = Math.round((min + (mix(conn.seed, spec.name, 'every') % 1000) / 1000 * (max - min)) * DAY_MS);
  return { origin: HISTORY_START - (mix(conn.seed, 'origin') % 180) * DAY_MS, interval: Math.max(interval, 60_000) };
}

function createdAt(conn: Connection, spec: ResourceSpec<unknown>, t: Timeline, index: number): number {
  return t.origin + index * t.interval + (mix(conn.seed, spec.name, index, 'jitter') % t.interval);
}

/** How many records of the resource exist at `at`. */
export function countAt(conn: Connection, spec: ResourceSpec<unknown>, at: number): number {
  const t = timeline(conn, spec);
  if (at < t.origin) return 0;
  let n = Math.min(spec.max, Math.floor((at - t.origin) / t.interval) + 1);
  while (n > 0 && createdAt(conn, spec, t, n - 1) > at) n -= 1;
  return n;
}

/** When and how often record `index` changed, as of the connection's clock. */
export function metaOf(conn: Connection, spec: ResourceSpec<unknown>, index: number): RecordMeta {
  const t = timeline(conn, spec);
  const created = createdAt(conn, spec, t, index);
  const h = mix(conn.seed, spec.name, index, 'change');
  if (!spec.changeEveryDays || (h % 1000) / 1000 < (spec.unchanging ?? 0)) return { index, createdAt: created, modifiedAt: created, version: 0, changes: false };
  const [min, max] = spec.changeEveryDays;
  const period = Math.round((min + ((h >>> 10) % 1000) / 1000 * (max - min)) * DAY_MS);
  const last = Math.min(spec.lastVersion ?? Number.MAX_SAFE_INTEGER, spec.lastVersionOf?.((purpose) => mix(conn.seed, spec.name, index, purpose)) ?? Number.MAX_SAFE_INTEGER);
  const version = Math.min(last, Math.max(0, Math.floor((conn.now - created) / period)));
  return { index, createdAt: created, modifiedAt: created + version * period, version, changes: true };
}

/** The record as the vendor answers it. */
export function buildRecord<T>(conn: Connection, spec: ResourceSpec<T>, meta: RecordMeta): T {
  const seedFor = (...parts: number[]) => {
    faker.seed([conn.seed, stableHash(spec.name), meta.index, ...parts]);
    return faker;
  };
  seedFor();
  return spec.build({
    faker,
    meta,
    conn,
    seedVersion: (version) => seedFor(version, 0x5eed),
    countAt: (resource, at) => countAt(conn, resource, at),
    hash: (purpose) => mix(conn.seed, spec.name, meta.index, purpose),
  });
}

/** Record indexes that exist now, oldest first, those modified at or after `since` when given. */
export function visibleIndexes(conn: Connection, spec: ResourceSpec<unknown>, since?: number): RecordMeta[] {
  const n = countAt(conn, spec, conn.now);
  const out: RecordMeta[] = [];
  for (let i = 0; i < n; i += 1) {
    const meta = metaOf(conn, spec, i);
    if (since === undefined || meta.modifiedAt >= since) out.push(meta);
  }
  return out;
}

export const iso = (ms: number): string => new Date(ms).toISOString();
export const isoDate = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
/** 'first.last' in lower case letters and dots: the local part of a person's sandbox e-mail address. */
export const handleOf = (first: string, last: string): string => `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '');
/** A person's sandbox e-mail address at `domain`. */
export const emailOf = (first: string, last: string, domain: string): string => `${handleOf(first, last)}@${domain}`;

/** A value picked by a stable number. */
export const pickBy = <T>(items: readonly T[], n: number): T => items[n % items.length];

const REGIONS = ['EMEA', 'NA', 'APAC', 'LATAM'];
const TIERS = ['Platinum', 'Gold', 'Silver', 'Bronze'];

/**
 * The custom fields a customer set up in its app (a cost center, a region, ...): what the
 * catalog's unmapped app fields (customFields.costCenter, customFields.region, ...) read, and what
 * accounts map as custom fields. Made from stable numbers, not Faker, so the other fields of a
 * record stay as they were.
 */
export function customFieldsOf(hash: (purpose: string) => number): { costCenter: string; region: string; tier: string; internalCode: string; score: number } {
  return {
    costCenter: `CC-${1000 + (hash('costCenter') % 9000)}`,
    region: pickBy(REGIONS, hash('region')),
    tier: pickBy(TIERS, hash('tier')),
    internalCode: `${String.fromCharCode(65 + (hash('internalCode') % 26))}X-${hash('internalCode') % 100}`,
    score: hash('score') % 101,
  };
}

/** The connection's seed: the same app and connection id, the same data. */
export const connectionSeed = (appId: string, connectionId: string): number => mix('sandbox', appId, connectionId);
