import type { InjectOptions } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EngineServices } from '../../src/engine/handlers/types.ts';
import { syncScheduler } from '../../src/engine/services/syncScheduler.ts';
import { startTestEngine, type TestEngine } from '../support/engineHarness.ts';
import { DAY } from '../support/dataFixtures.ts';
import { accountAction, connectBamboo, sessionOf, syncingOrg, unifiedEmployees, type SyncingOrg } from '../support/syncFixtures.ts';
import { unified } from '../support/unifiedApi.ts';

// The syncs screens show the scheduler live, on SQLite and PostgreSQL: while a job runs, its run
// is listed as running with its counts so far (records read, records found new or changed),
// updated after every page the run reads from the app, and the job is running now; a job's
// Upcoming Sync is the scheduler's next run, or says why there is none (paused, waiting for
// v1.0/sync.start, parked until a restart).
let t: TestEngine;
let org: SyncingOrg;
beforeEach(async () => {
  t = await startTestEngine();
  org = await syncingOrg(t);
});
afterEach(async () => { await t.close(); });

const post = async (path: string, body: object) => {
  const res = await t.call('POST', `/api/${path}`, { token: await sessionOf(t, org), body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.msg;
};
const jobIdOf = async (account: string) => (await t.engine.db.selectFrom('sync_jobs').select('id').where('integration_id', '=', account).executeTakeFirstOrThrow()).id;
const jobRow = async (account: string) => (await post('app.dashboard/syncJobs', { integration: account })).items[0];
const runsOf = async (account: string) => post('app.dashboard/syncRuns', { jobId: await jobIdOf(account) });

/**
 * The engine's services with the app's page reads held: the `n`th call to the sandbox vendor
 * waits until released, so a test looks at a run between two pages.
 */
function holdingAppCall(n: number) {
  let calls = 0;
  let release!: () => void;
  let reached!: () => void;
  const released = new Promise<void>((resolve) => { release = resolve; });
  const held = new Promise<void>((resolve) => { reached = resolve; });
  const services: EngineServices = {
    ...t.engine,
    http: {
      async inject(request: InjectOptions) {
        if (String(request.url).startsWith('/sandbox/') && ++calls === n) {
          reached();
          await released;
        }
        return t.engine.http.inject(request);
      },
    },
  };
  return { services, held, release };
}

describe('a run in progress', () => {
  it('is listed as running with its counts after every page, and completes with its totals', async () => {
    const account = await connectBamboo(t, org);
    const employees = await unifiedEmployees(t, org, account);
    // More than a page (100 records): there is a moment between two pages.
    expect(employees.size).toBeGreaterThan(100);
    const app = holdingAppCall(2);
    const running = syncScheduler(app.services, { workerId: 'wrk_progress' }).tick();
    await app.held;

    const during = await runsOf(account);
    expect(during.items).toEqual([expect.objectContaining({ syncStatus: 'running', completedAt: null, eventsProcessed: 100, eventsTriggered: 100, eventsConsumed: 0 })]);
    expect(await jobRow(account)).toMatchObject({ upcomingSyncStatus: 'running', lastSyncedAt: null });
    expect(during.upcomingSyncStatus).toBe('running');

    app.release();
    expect((await running).map((r) => r.status)).toEqual(['completed']);
    const after = await runsOf(account);
    expect(after.items).toEqual([expect.objectContaining({ syncStatus: 'completed', eventsProcessed: employees.size, eventsTriggered: employees.size })]);
    // The upcoming sync is the scheduler's next run: a day on (STANDARD).
    expect(await jobRow(account)).toMatchObject({ upcomingSync: t.clock.now() + DAY, upcomingSyncStatus: 'scheduled', lastSyncedAt: t.clock.now() });
    const { next_run_at: nextRunAt } = await t.engine.db.selectFrom('sync_jobs').select('next_run_at').where('integration_id', '=', account).executeTakeFirstOrThrow();
    expect(after.upcomingSync).toBe(nextRunAt);
  });
});

describe("a job's upcoming sync", () => {
  it('is the scheduler\'s next run, or says why there is none: paused, parked until a restart', async () => {
    const account = await connectBamboo(t, org);
    const scheduler = syncScheduler(t.engine, { workerId: 'wrk_upcoming' });
    expect(await jobRow(account)).toMatchObject({ upcomingSync: t.clock.now(), upcomingSyncStatus: 'scheduled' });

    await accountAction(t, org, account, 'pauseSync', { syncPaused: true });
    expect(await jobRow(account)).toMatchObject({ upcomingSync: null, upcomingSyncStatus: 'paused' });
    await accountAction(t, org, account, 'restartSync', { syncPaused: false });
    expect(await jobRow(account)).toMatchObject({ upcomingSync: t.clock.now(), upcomingSyncStatus: 'scheduled' });

    // Credentials the app refuses park the job: nothing is upcoming until a restart.
    const revoked = await t.engine.app.inject({ method: 'POST', url: '/sandbox/control/revoke', payload: { integrationId: account } });
    expect(revoked.statusCode).toBe(200);
    expect((await scheduler.tick()).map((r) => r.status)).toEqual(['failed']);
    expect(await jobRow(account)).toMatchObject({ upcomingSync: null, upcomingSyncStatus: 'notScheduled' });
    expect((await runsOf(account)).upcomingSyncStatus).toBe('notScheduled');
    t.clock.advance(DAY);
    await accountAction(t, org, account, 'restartSync', { syncPaused: false });
    expect(await jobRow(account)).toMatchObject({ upcomingSync: t.clock.now(), upcomingSyncStatus: 'scheduled' });
  });

  it('waits for v1.0/sync.start where the category starts syncs on API trigger', async () => {
    await t.close();
    t = await startTestEngine();
    org = await syncingOrg(t, { apiTrigger: true });
    const account = await connectBamboo(t, org);
    expect(await jobRow(account)).toMatchObject({ upcomingSync: null, upcomingSyncStatus: 'apiTrigger' });
    const started = await unified(t, 'POST', 'sync.start', { apiKey: org.keys.prod, integrationId: account });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(await jobRow(account)).toMatchObject({ upcomingSync: t.clock.now(), upcomingSyncStatus: 'scheduled' });
  });
});
