import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import { JOB_COLUMNS, type JobSelection, toJobRow } from './syncs.ts';

// The job and run pages' headers. A job or run of another organisation is "not found" like an
// unknown one; the dashboard then returns to /dashboard/syncs/.
type Db = Kysely<Database> | Transaction<Database>;
export const SYNC_NOT_FOUND = 'Sync details not found.';

export async function jobHeader(db: Db, orgId: string, jobId: string) {
  const job = await db
    .selectFrom('sync_jobs as j')
    .innerJoin('integrated_accounts as a', 'a.id', 'j.integration_id')
    .select(JOB_COLUMNS)
    .where('j.org_id', '=', orgId)
    .where('j.id', '=', jobId)
    .executeTakeFirst();
  if (!job) throw notFound(SYNC_NOT_FOUND);
  return toJobRow(job as JobSelection);
}
