import type { EngineServices } from '../handlers/types.ts';
import { claimDueJobs } from '../repositories/syncJobClaims.ts';
import { runClaimedJob, type RunResult } from './syncRun.ts';

/*
 * The sync scheduler: each tick claims the jobs that are due (one statement,
 * repositories/syncJobClaims.ts: active, of a live account, not waiting for v1.0/sync.start, due
 * by the engine's clock and held by no worker) and runs them (services/syncRun.ts), a few at a
 * time. A job's next run comes from its frequency when its run ends; pause, restart, sync.start,
 * a frequency change and deactivation change the job's row, which is what the next claim reads.
 */
export interface SchedulerOptions {
  workerId: string;
  /** Jobs claimed and run together per tick. */
  batch?: number;
  /** Stops the runs at their next page: they are cancelled and their jobs stay due. */
  signal?: AbortSignal;
}

export interface SyncScheduler {
  workerId: string;
  /** Claims due jobs and runs them; what each run did. */
  tick(): Promise<RunResult[]>;
}

const DEFAULT_BATCH = 2;

export function syncScheduler(services: EngineServices, options: SchedulerOptions): SyncScheduler {
  const { workerId, signal } = options;
  return {
    workerId,
    async tick() {
      if (signal?.aborted) return [];
      const jobs = await claimDueJobs(services.db, workerId, services.clock.now(), services.config.workerLeaseMs, options.batch ?? DEFAULT_BATCH);
      const results = await Promise.allSettled(jobs.map((job) => runClaimedJob(services, job, workerId, signal)));
      const faults = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason as unknown);
      // A run that broke on the engine's side is already marked failed and its job rescheduled.
      if (faults.length > 0) throw new AggregateError(faults, `${faults.length} of ${jobs.length} sync runs failed in the engine`);
      return results.map((r) => (r as PromiseFulfilledResult<RunResult>).value);
    },
  };
}
