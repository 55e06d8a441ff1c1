export { createDatabase, DEFAULT_SQLITE_FILE, isPostgresUrl } from './database.ts';
export type { CreateDatabaseOptions, DatabaseHandle, DialectName } from './database.ts';
export { ID_PREFIX, newId } from './ids.ts';
export {
  applyKeyset,
  decodeCursor,
  encodeCursor,
  InvalidCursorError,
  MAX_PAGE_SIZE,
  paginate,
  toKeysetPage,
} from './keyset.ts';
export type { KeysetCursor, KeysetId, KeysetOptions, KeysetPage } from './keyset.ts';
export { createMigrator, migrateDownAll, migrateToLatest, MigrationError } from './migrate.ts';
export {
  dropLogsBefore,
  ensureMonthlyPartitions,
  ensureUpcomingPartitions,
  PARTITIONED_TABLES,
} from './partitions.ts';
export type * from './schema.ts';
