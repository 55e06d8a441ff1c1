import type { ColumnType, Generated } from 'kysely';

/**
 * Column conventions shared by every table (see migrations/helpers.ts for the DDL side):
 *
 * - Booleans are `integer` 0/1 on BOTH dialects. SQLite has no boolean type and returns 0/1 anyway,
 *   so one representation keeps repositories dialect-free. Convert at the API edge
 *   (`row.is_trial === 1`), never compare with `true`.
 * - Timestamps are `bigint` epoch milliseconds, never `Date`: a JS Date drops PostgreSQL's
 *   microseconds and keyset cursors built from it then skip rows. The pg pool parses int8 to number.
 *   Columns the spec gives in seconds (trialExpiryDate, createdAt of accounts, invoice date) are
 *   still stored in ms; handlers divide by 1000.
 * - JSON blobs are `text` holding JSON.stringify output; the `_json` suffix says so.
 * - Text ids are random and prefixed (ids.ts); log-sized tables use an integer identity `id`.
 */
export type IntBool = 0 | 1;

/** Epoch milliseconds. */
export type EpochMs = number;

/** JSON.stringify output. */
export type JsonText = string;

/** A boolean column with a database default. */
export type BoolWithDefault = Generated<IntBool>;

/** Integer identity of a log-sized table: never inserted, always selected as number. */
export type IdentityId = Generated<number>;

/** A text column with a database default (e.g. '[]' for a JSON list). */
export type TextWithDefault = Generated<string>;

/** An integer column with a database default. */
export type IntWithDefault = Generated<number>;

/** Binary content: Buffer in, Buffer out (better-sqlite3 and pg both give Buffer). */
export type Bytes = ColumnType<Buffer, Buffer | Uint8Array, Buffer | Uint8Array>;
