import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isPostgres } from '../../src/engine/db/dialect.ts';
import { leaseHolder } from '../../src/engine/repositories/workerLeases.ts';
import { SQLITE_LEASE, startWorkers, WorkersRefused, type RunningWorkers, type WorkerLog } from '../../src/engine/services/workers.ts';
import { startTestEngine, type TestEngine } from '../support/engineHarness.ts';
import { connectBamboo, registerWebhook, startReceiver, syncingOrg, type Receiver } from '../support/syncFixtures.ts';

// The workers as the engine (WORKERS=inline) and `npm run worker` run them: their loops find a
// due job and its deliveries by themselves, stop cleanly, and on SQLite only one process runs
// them (a second is refused until the first stops); on PostgreSQL several run side by side.
let receiver: Receiver;
beforeAll(async () => { receiver = await startReceiver(); });
afterAll(async () => { await receiver.close(); });

let t: TestEngine;
const running: RunningWorkers[] = [];
const errors: unknown[] = [];
const quiet: WorkerLog = { info: () => {}, error: (_message, error) => { errors.push(error); } };
beforeEach(async () => {
  t = await startTestEngine({ outboundAllowHosts: [receiver.host] });
  receiver.received.length = 0;
  errors.length = 0;
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((w) => w.stop()));
  await t.close();
});

// The test clock stands still, so a held lease never passes: no waiting for it.
const NO_WAIT = { leaseWaitMs: 0 };
const start = async () => {
  const workers = await startWorkers(t.engine, quiet, NO_WAIT);
  running.push(workers);
  return workers;
};

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  for (const deadline = Date.now() + ms; ; await new Promise((r) => setTimeout(r, 50))) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
  }
}

describe('workers', () => {
  it('run a due job and deliver its records by themselves, then stop cleanly', async () => {
    const org = await syncingOrg(t);
    await registerWebhook(t, org.orgId, receiver.url);
    const account = await connectBamboo(t, org);
    const workers = await start();
    const pending = () => t.engine.db.selectFrom('webhook_outbox').select('state').where('integration_id', '=', account).execute();
    const states = await until(pending, (rows) => rows.length > 0 && rows.every((r) => r.state === 'dispatched'));
    expect(states.length).toBeGreaterThan(0);
    expect(states.every((r) => r.state === 'dispatched')).toBe(true);
    expect(receiver.received).toHaveLength(states.length);
    await workers.stop();
    expect(errors).toEqual([]);
    const job = await t.engine.db.selectFrom('sync_jobs').select(['locked_by', 'next_run_at']).where('integration_id', '=', account).executeTakeFirstOrThrow();
    expect(job).toEqual({ locked_by: null, next_run_at: t.clock.now() + 86_400_000 });
  });

  it('on SQLite, refuse a second process until the first one stops; on PostgreSQL, run side by side', async () => {
    const first = await start();
    if (isPostgres(t.engine.db)) {
      const second = await start();
      expect(second.workerId).not.toBe(first.workerId);
      return;
    }
    expect(await leaseHolder(t.engine.db, SQLITE_LEASE)).toMatchObject({ holder: first.workerId });
    const refused = await startWorkers(t.engine, quiet, NO_WAIT).then(() => undefined, (error: unknown) => error);
    expect(refused).toBeInstanceOf(WorkersRefused);
    expect((refused as Error).message).toMatch(/^SQLite runs one worker, and wrk_\w+-pid\d+ runs the sync scheduler and the webhook deliveries/);
    await first.stop();
    expect(await leaseHolder(t.engine.db, SQLITE_LEASE)).toBeUndefined();
    const next = await start();
    expect(await leaseHolder(t.engine.db, SQLITE_LEASE)).toMatchObject({ holder: next.workerId });
  });

  it("on SQLite, take over a lease whose holder stopped renewing it once it has passed", async () => {
    if (isPostgres(t.engine.db)) return;
    await t.engine.db.insertInto('worker_leases').values({ name: SQLITE_LEASE, holder: 'wrk_gone-pid1', acquired_at: t.clock.now(), expires_at: t.clock.now() + 15_000 }).execute();
    await expect(startWorkers(t.engine, quiet, NO_WAIT)).rejects.toBeInstanceOf(WorkersRefused);
    // A process that comes up while the dead holder's lease still runs waits for it to pass.
    setTimeout(() => t.clock.advance(15_000), 300);
    const workers = await startWorkers(t.engine, quiet, { leaseWaitMs: 10_000 });
    running.push(workers);
    expect(await leaseHolder(t.engine.db, SQLITE_LEASE)).toMatchObject({ holder: workers.workerId });
  });
});
