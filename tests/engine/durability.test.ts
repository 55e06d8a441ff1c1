import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isPostgres } from '../../src/engine/db/dialect.ts';
import { ACCOUNTS_PER_TICK, UNRECORDED_PER_ACCOUNT } from '../../src/engine/services/webhookDelivery.ts';
import { startTestEngine, type TestEngine } from '../support/engineHarness.ts';
import {
  accountsHolding, startCountingReceiver, startEngineProcess, type CountingReceiver, type EngineProcess, type ProcessSettings, type Receipt, type SyncingAccounts,
} from '../support/deliveryRig.ts';

// Durability of webhook delivery with real processes (scripts/engine.sh and scripts/worker.sh
// spawned on a database this test prepares), on SQLite and on PostgreSQL: the end customers'
// accounts hold DURABILITY_RECORDS employees (1,000 here; `npm run test:durability` runs 10,000),
// their first runs make one delivery each, and a receiver on 127.0.0.1 verifies every request with
// `standardwebhooks`.
// - An engine process (and on PostgreSQL a worker process beside it) is killed with SIGKILL three
//   times while deliveries are in flight, and restarted: every record arrives at least once; a
//   record that arrives twice carries the same webhook-id and body, and was in flight when a
//   process was killed; every run the engine committed is delivered in full, in order per account.
// - On PostgreSQL two engine processes share the deliveries without a kill: each record arrives once.
const RECORDS = Number(process.env.DURABILITY_RECORDS ?? 1_000);
/** Short leases, so a killed process's accounts are taken over within seconds (production: 15 s). */
const LEASE_SECONDS = 3;
const TIMEOUT_MS = Math.max(240_000, RECORDS * 40);

let receiver: CountingReceiver;
let t: TestEngine;
let setup: SyncingAccounts;
const processes: EngineProcess[] = [];
beforeEach(async () => {
  receiver = await startCountingReceiver();
  t = await startTestEngine({ outboundAllowHosts: [receiver.host] }, { shared: true });
  setup = await accountsHolding(t, RECORDS, receiver.url);
  receiver.verifyWith(setup.secret);
}, TIMEOUT_MS);
afterEach(async () => {
  await Promise.all(processes.splice(0).map((p) => p.kill()));
  await t.close();
  await receiver.close();
});

const settings = (): ProcessSettings => ({ location: t.location!, allowHost: receiver.host, leaseSeconds: LEASE_SECONDS });
function start(kind: 'engine' | 'worker'): EngineProcess {
  const started = startEngineProcess(kind, settings());
  processes.push(started);
  return started;
}

const outbox = () => t.engine.db.selectFrom('webhook_outbox').select(['id', 'webhook_id', 'integration_id', 'run_id', 'state', 'payload_json']).orderBy('id').execute();

/** Waits until every account's first run is written and each of its deliveries is dispatched and received. */
async function allDelivered(): Promise<void> {
  await receiver.until(() => receiver.distinct() >= setup.records, TIMEOUT_MS, `${setup.records} deliveries`);
  const { db } = t.engine;
  for (const deadline = Date.now() + 60_000; ;) {
    const synced = await db.selectFrom('sync_jobs').select('id').where('integration_id', 'in', setup.accounts).where('last_synced_at', 'is not', null).execute();
    const pending = await db.selectFrom('webhook_outbox').select('id').where('state', '!=', 'dispatched').limit(1).execute();
    const written = await db.selectFrom('webhook_outbox').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    if (synced.length === setup.accounts.length && pending.length === 0 && receiver.distinct() >= Number(written.n)) return;
    if (Date.now() > deadline) throw new Error('deliveries still pending a minute after the records counted at the start arrived');
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A kill: when SIGKILL was sent, when the restarted processes' workers ran again, and how many records were still to come. */
interface Kill { at: number; resumedAt: number; toCome: number }

/** At each share of the records received, kills every running process with SIGKILL at once, then starts the same kinds again. */
async function killWhileDelivering(shares: number[]): Promise<Kill[]> {
  const kills: Kill[] = [];
  for (const share of shares) {
    await receiver.until(() => receiver.distinct() >= share * setup.records, TIMEOUT_MS, `${share * 100}% of the deliveries`);
    const killed = processes.splice(0);
    const at = Date.now();
    // SIGKILL is sent synchronously by kill(): what is still to come is counted at the signal.
    const exits = killed.map((p) => p.kill());
    const toCome = setup.records - receiver.distinct();
    await Promise.all(exits);
    await Promise.all(killed.map((p) => start(p.kind).workersStarted));
    kills.push({ at, resumedAt: Date.now(), toCome });
  }
  return kills;
}

/** What every run of the test must show, whatever happened to the processes. */
async function expectEveryRecordDelivered(kills: Kill[]): Promise<Map<string, Receipt[]>> {
  expect(receiver.refused).toBe(0);
  const rows = await outbox();
  // One delivery per record the accounts held (counted again by their runs: the app may have hired meanwhile).
  expect(rows.length).toBeGreaterThanOrEqual(setup.records);
  expect(rows.filter((row) => row.state !== 'dispatched')).toEqual([]);
  // Nothing acknowledged is lost: every run the engine committed is in the outbox in full.
  const runs = await t.engine.db.selectFrom('sync_runs').select(['id', 'events_triggered', 'sync_status']).where('sync_status', '=', 'completed').execute();
  expect(runs.reduce((sum, run) => sum + run.events_triggered, 0)).toBe(rows.length);
  expect(new Set(runs.map((run) => run.id))).toEqual(new Set(rows.map((row) => row.run_id)));

  const byWebhookId = new Map<string, Receipt[]>();
  for (const receipt of receiver.receipts) byWebhookId.set(receipt.webhookId, [...(byWebhookId.get(receipt.webhookId) ?? []), receipt]);
  // Every delivery arrived, and nothing the engine did not write.
  expect(new Set(byWebhookId.keys())).toEqual(new Set(rows.map((row) => row.webhook_id)));
  const expected = new Map(rows.map((row) => [row.webhook_id, row]));
  for (const [webhookId, receipts] of byWebhookId) {
    // The same event under the same webhook-id on every attempt, exactly as written with its run.
    expect(new Set(receipts.map((r) => r.body))).toEqual(new Set([JSON.stringify(JSON.parse(expected.get(webhookId)!.payload_json))]));
    if (receipts.length > 1) {
      // Sent again only because a process was killed between its POST and its record: the first
      // came before the restart (a request the killed process had written may be read after it
      // died), the others after the kill.
      const afterAKill = kills.some((kill) => receipts[0].at <= kill.resumedAt && receipts.slice(1).every((r) => r.at >= kill.at));
      expect(afterAKill, `${webhookId} arrived ${receipts.length} times`).toBe(true);
    }
  }
  const events = new Map<string, Set<string>>();
  for (const receipt of receiver.receipts) events.set(receipt.eventId, (events.get(receipt.eventId) ?? new Set()).add(receipt.webhookId));
  expect([...events.values()].every((ids) => ids.size === 1)).toBe(true);
  expect(events.size).toBe(rows.length);

  // In order per account: the first arrivals of an account's deliveries follow the outbox order.
  const firstArrival = new Map<string, number>();
  receiver.receipts.forEach((receipt, i) => { if (!firstArrival.has(receipt.webhookId)) firstArrival.set(receipt.webhookId, i); });
  for (const account of setup.accounts) {
    const order = rows.filter((row) => row.integration_id === account).map((row) => firstArrival.get(row.webhook_id)!);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  }
  return byWebhookId;
}

const duplicates = (byWebhookId: Map<string, Receipt[]>) => [...byWebhookId.values()].reduce((n, receipts) => n + receipts.length - 1, 0);

describe('durable delivery with real processes', () => {
  it('loses nothing when the engine (and the worker beside it) is killed with SIGKILL three times while delivering', async () => {
    start('engine');
    // On PostgreSQL a worker process shares the work, and is killed with the engine.
    if (isPostgres(t.engine.db)) start('worker');
    const killedProcesses = processes.length;
    const kills = await killWhileDelivering([0.2, 0.45, 0.7]);
    // Every kill came while deliveries were in flight.
    for (const kill of kills) expect(kill.toCome).toBeGreaterThan(0);
    await allDelivered();
    const byWebhookId = await expectEveryRecordDelivered(kills);
    // A killed process held at most ACCOUNTS_PER_TICK accounts, each with at most its dialect's
    // UNRECORDED_PER_ACCOUNT deliveries sent but not yet written: only those are sent again.
    const unrecorded = UNRECORDED_PER_ACCOUNT[isPostgres(t.engine.db) ? 'postgres' : 'sqlite'];
    expect(duplicates(byWebhookId)).toBeLessThanOrEqual(kills.length * killedProcesses * ACCOUNTS_PER_TICK * unrecorded);
    for (const running of processes.splice(0)) expect(await running.stop(), running.output()).toBe(0);
  }, TIMEOUT_MS);

  it.runIf(!!process.env.DATABASE_URL)('on PostgreSQL, two engine processes deliver every record exactly once', async () => {
    // The jobs wait until both processes run: a process that starts first could otherwise get
    // through every delivery before the other one is up.
    const jobs = () => t.engine.db.updateTable('sync_jobs').where('integration_id', 'in', setup.accounts);
    await jobs().set({ next_run_at: Date.now() + 3_600_000 }).execute();
    // Two engines, each serving requests with its workers inline, as behind a load balancer.
    const first = start('engine');
    const second = start('engine');
    const ids = await Promise.all([first.workersStarted, second.workersStarted]);
    await jobs().set({ next_run_at: Date.now() }).execute();
    // Both hold accounts at some point: the work is shared, not taken by one. Sampled often: on a
    // busy machine a process may hold its accounts only briefly, between two samples 100 ms apart.
    const holders = new Set<string>();
    const sampling = setInterval(() => {
      void t.engine.db.selectFrom('delivery_queues').select('locked_by').where('locked_by', 'is not', null).execute()
        .then((rows) => rows.forEach((row) => holders.add(row.locked_by!)), () => {});
    }, 20);
    try {
      await allDelivered();
    } finally {
      clearInterval(sampling);
    }
    const byWebhookId = await expectEveryRecordDelivered([]);
    expect(duplicates(byWebhookId)).toBe(0);
    expect(holders).toEqual(new Set(ids));
    for (const running of processes.splice(0)) expect(await running.stop(), running.output()).toBe(0);
  }, TIMEOUT_MS);
});
