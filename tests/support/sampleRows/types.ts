import type { Insertable } from 'kysely';
import type { Database, TableName } from '../../../src/engine/db/schema.ts';

/** One row per table with EVERY column set (Required), including defaulted and identity ones. */
export type SampleRows = { [T in TableName]: Required<Insertable<Database[T]>> };
