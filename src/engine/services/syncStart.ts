import { ApiFailure, badRequest } from '../errors.ts';
import type { EngineServices } from '../handlers/types.ts';
import { accountJobs, makeAccountJobsDue } from '../repositories/syncs.ts';
import type { UnifiedCall } from './unifiedCalls.ts';

/*
 * v1.0/sync.start: the account's active sync jobs (all, or those of the data types asked for) are
 * due now. A sync job is due when status = 'active', awaiting_api_trigger = 0 and next_run_at is at
 * or before the scheduler's clock (and no worker holds it: locked_until null or past); a job of a
 * category that starts syncs on API trigger was created with awaiting_api_trigger = 1 and no
 * next_run_at, and this call is what starts it.
 */
export interface StartedJob {
  syncJobId: string;
  syncDataType: string;
  nextRunAt: number;
}

export async function startAccountSyncs(services: EngineServices, call: UnifiedCall, syncDataTypes: string[] | undefined): Promise<StartedJob[]> {
  const { account } = call;
  if (account.syncPaused) {
    throw new ApiFailure(409, 'SYNC_PAUSED', "The account's syncs are paused: resume them from the Integrated Accounts screen first");
  }
  let jobIds: string[] | undefined;
  if (syncDataTypes !== undefined) {
    const jobs = await accountJobs(services.db, account.integrationId);
    syncDataTypes.forEach((type, i) => {
      if (!jobs.some((job) => job.sync_data_type === type)) {
        const synced = [...new Set(jobs.map((job) => job.sync_data_type))].join(', ') || 'none';
        throw badRequest(`The account does not sync ${type} (its data types: ${synced})`, `syncDataTypes.${i}`);
      }
    });
    jobIds = jobs.filter((job) => syncDataTypes.includes(job.sync_data_type)).map((job) => job.id);
  }
  const now = services.clock.now();
  const started = await makeAccountJobsDue(services.db, account.integrationId, jobIds, now);
  if (started.length === 0) {
    throw new ApiFailure(409, 'NO_SYNC_JOBS', 'The account has no active sync job to start: enable syncs for its category (Getting Started, Fetch Data) first');
  }
  return started.map((job) => ({ syncJobId: job.id, syncDataType: job.sync_data_type, nextRunAt: now }));
}
