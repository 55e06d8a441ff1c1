import Database from 'better-sqlite3';

// Jobs and runs of the run's fresh seeded database that the syncs e2e flows page through, read
// directly (read-only) so a flow opens the job or run it needs by URL without depending on list
// order. The seed gives its busiest job a run per period and that job's initial sync a full load
// (src/engine/seed/syncs.ts), so both pages exist in every demo.

const DAY_MS = 86_400_000;

function query<T>(sqlText: string, ...params: unknown[]): T {
  const file = process.env.E2E_SQLITE_FILE;
  if (!file) throw new Error('E2E_SQLITE_FILE is not set (playwright.config.ts sets it)');
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare(sqlText).get(...params) as T | undefined;
    if (!row) throw new Error(`the seeded demo has no row for: ${sqlText}`);
    return row;
  } finally {
    db.close();
  }
}

/** The active job with the most runs started in the last 30 days (the job page's default range). */
export function busiestJob(now = Date.now()): { jobId: string; runs: number } {
  return query(
    `SELECT r.job_id AS jobId, count(*) AS runs FROM sync_runs r JOIN sync_jobs j ON j.id = r.job_id
     WHERE j.status = 'active' AND r.started_at >= ? AND r.started_at <= ?
     GROUP BY r.job_id ORDER BY count(*) DESC, r.job_id LIMIT 1`,
    now - 30 * DAY_MS,
    now,
  );
}

/** The run of an active job with the most records. */
export function fullestRun(): { jobId: string; runId: string; records: number } {
  return query(
    `SELECT s.job_id AS jobId, s.run_id AS runId, count(*) AS records FROM sync_records s JOIN sync_jobs j ON j.id = s.job_id
     WHERE j.status = 'active' GROUP BY s.job_id, s.run_id ORDER BY count(*) DESC, s.run_id LIMIT 1`,
  );
}

/** The oldest active job on a custom frequency ('Every {rate} {unit}'). */
export function customFrequencyJob(): { jobId: string; rate: number; unit: string } {
  return query(
    `SELECT id AS jobId, frequency_rate AS rate, frequency_unit AS unit FROM sync_jobs
     WHERE status = 'active' AND sync_frequency = 'custom' ORDER BY created_at, id LIMIT 1`,
  );
}
