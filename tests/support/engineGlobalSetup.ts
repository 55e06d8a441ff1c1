import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { isPostgresUrl } from '../../src/engine/db/database.ts';
import { runDatabasePrefix } from './testRun.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Names this run's test databases (testDatabase.ts), so teardown can drop what is left. */
    engineTestRun: string;
  }
}

// The engine project's run: an id its test databases are named after, and, once every file is
// done, the drop of those still there (a clone a worker kept ready for a next test that never
// came, or a drop cut short by the worker's exit). On SQLite there is nothing to drop.
export default function setup(project: TestProject): () => Promise<void> {
  const run = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  project.provide('engineTestRun', run);
  return async () => {
    const url = process.env.DATABASE_URL;
    if (!isPostgresUrl(url)) return;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [runDatabasePrefix(run)]);
      for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
    } finally {
      await client.end();
    }
  };
}
