import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { buildApp } from './app.ts';
import type { EngineConfig } from './config.ts';
import { createDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { ensureUpcomingPartitions } from './db/partitions.ts';
import type { Database } from './db/schema.ts';
import type { Clock, EngineServices } from './handlers/types.ts';
import { resealLegacyCredentials } from './services/accountCredentials.ts';
import { inProcessHttpOf } from './services/inProcessHttp.ts';
import { devMailbox, smtpMailer, type Mailer } from './services/mailer.ts';
import { seedReferenceData } from './seed/index.ts';

// Everything a running engine needs, wired once: database (migrated, reference data present),
// mailer, clock and the HTTP app. Tests pass their own database, clock and mailer.
export interface Engine extends EngineServices {
  app: FastifyInstance;
  close(): Promise<void>;
}

const systemClock: Clock = { now: () => Date.now() };

interface EngineOptions {
  db?: Kysely<Database>;
  clock?: Clock;
  mailer?: Mailer;
  /**
   * The given database already holds this build's reference data: tests open copies of one
   * database seeded once per worker (tests/support/testDatabase.ts) and skip the catalogue upsert
   * that would otherwise cost every test's start ~0.2 s on SQLite and ~0.8 s on PostgreSQL.
   * Ignored without `db`: a database the engine opens itself is always seeded.
   */
  referenceSeeded?: boolean;
  /**
   * Another process of this engine (the first of several serving processes, engineCluster.ts)
   * has migrated the database, seeded its reference data and resealed old credentials already.
   */
  databasePrepared?: boolean;
}

export async function createEngine(config: EngineConfig, options: EngineOptions = {}): Promise<Engine> {
  const ownsDb = !options.db;
  if (ownsDb && !config.databaseUrl && config.sqliteFile !== ':memory:') mkdirSync(dirname(config.sqliteFile), { recursive: true });
  const db = options.db ?? createDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile }).db;
  if (!options.databasePrepared) {
    if (ownsDb) {
      await migrateToLatest(db);
      await ensureUpcomingPartitions(db);
    }
    if (ownsDb || !options.referenceSeeded) await seedReferenceData(db);
    // Credentials sealed in the old format are sealed again now: it needs the secret, which a
    // migration does not have.
    await resealLegacyCredentials(db, config.signingSecret);
  }
  const clock = options.clock ?? systemClock;
  const mailer = options.mailer ?? (config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : devMailbox(db, clock.now));
  const app = await buildApp({ db, config, mailer, clock });
  const services: EngineServices = { db, config, mailer, clock, http: inProcessHttpOf(() => app) };
  return {
    ...services,
    app,
    async close() {
      await app.close();
      if (ownsDb) await db.destroy();
    },
  };
}
