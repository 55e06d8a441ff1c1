import { writeFileSync } from 'node:fs';
import { loadConfig } from '../src/engine/config.ts';
import { createDatabase } from '../src/engine/db/database.ts';
import { isPostgres } from '../src/engine/db/dialect.ts';
import { migrateToLatest } from '../src/engine/db/migrate.ts';
import { createEngine } from '../src/engine/engine.ts';
import { devMailbox } from '../src/engine/services/mailer.ts';
import { syncScheduler } from '../src/engine/services/syncScheduler.ts';
import { systemClock, testEngineOf } from '../tests/support/engineHarness.ts';
import { accountsHolding, startCountingReceiver, startEngineProcess } from '../tests/support/deliveryRig.ts';
import { connectBamboo } from '../tests/support/syncFixtures.ts';
import { startCpuCount, type CpuPerRequest } from './processCpu.ts';

// Webhook delivery speed on the database of SQLITE_FILE or DATABASE_URL (bench/run.sh gives a
// fresh one of each), with the rig of the durability test (tests/support/deliveryRig.ts): end
// customers' BambooHR accounts holding BENCH_DELIVERIES employees (10,000) are synced first, in
// this process, so the outbox holds one delivery per record; then one worker process
// (`npm run worker`, production settings) sends them to a receiver on 127.0.0.1 that verifies
// every signature with `standardwebhooks`. Measured:
// - signed deliveries per second, from the first request the receiver got to the last, and the
//   worker's (and PostgreSQL's) CPU per delivery;
// - the time from a run's end (its completed_at) to the first delivery of its records: with the
//   worker idle, a newly connected account's job is due at once, BENCH_LATENCY_RUNS (7) times.
// Usage: tsx bench/deliveryRate.ts <label> <out.json>.
const [label = 'sqlite', outFile = 'delivery.json'] = process.argv.slice(2);
const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 10_000);
const LATENCY_RUNS = Number(process.env.BENCH_LATENCY_RUNS ?? 7);

export interface DeliveryRun {
  kind: 'delivery';
  label: string;
  deliveries: number;
  accounts: number;
  /** From the first request received to the last. */
  seconds: number;
  perSecond: number;
  cpu?: CpuPerRequest;
  /** Run end to its first delivery, ms, per trial. */
  runEndToFirstDelivery: number[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function main() {
  const receiver = await startCountingReceiver();
  const config = loadConfig({ ...process.env, NODE_ENV: 'test' }, { outboundAllowHosts: [receiver.host] });
  const { db } = createDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
  await migrateToLatest(db);
  const engine = await createEngine(config, { db, mailer: devMailbox(db, Date.now, () => {}) });
  const t = testEngineOf(engine, systemClock, () => db.destroy());
  const pendingOf = async (account: string) => (await db.selectFrom('webhook_outbox').select('id').where('integration_id', '=', account).where('state', '=', 'pending').execute()).length;
  const location = config.databaseUrl ? { databaseUrl: config.databaseUrl } : { sqliteFile: config.sqliteFile };
  try {
    const setup = await accountsHolding(t, DELIVERIES, receiver.url);
    receiver.verifyWith(setup.secret);
    // The runs first, here: the worker then only delivers.
    const scheduler = syncScheduler(engine, { workerId: 'wrk_bench-sync', batch: 4 });
    while ((await scheduler.tick()).length > 0);
    console.log(`${label}: ${setup.records.toLocaleString('en')} deliveries of ${setup.accounts.length} accounts written`);

    // BENCH_ENGINE_ARGS passes node flags to the worker, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'.
    const nodeArgs = process.env.BENCH_ENGINE_ARGS?.split(' ').filter(Boolean);
    const worker = startEngineProcess('worker', { location, allowHost: receiver.host, nodeArgs });
    try {
      await worker.workersStarted;
      const cpu = startCpuCount(worker.pid, isPostgres(db));
      await receiver.until(() => receiver.distinct() >= setup.records, 600_000, 'every delivery');
      const cpuPerDelivery = cpu(setup.records);
      const { receipts } = receiver;
      const seconds = (receipts.at(-1)!.at - receipts[0].at) / 1000;
      const perSecond = (receipts.length - 1) / seconds;
      console.log(`${label}: ${Math.round(perSecond).toLocaleString('en')} deliveries/s (${receipts.length.toLocaleString('en')} in ${seconds.toFixed(1)} s)`);

      const latencies: number[] = [];
      for (let trial = 0; trial < LATENCY_RUNS; trial += 1) {
        const before = receipts.length;
        const account = await connectBamboo(t, setup.org, `latency-${trial}`, `-latency-${trial}`);
        await receiver.until(() => receipts.slice(before).some((r) => r.integrationId === account), 60_000, `the first delivery of trial ${trial}`);
        const first = receipts.slice(before).find((r) => r.integrationId === account)!;
        const run = await db.selectFrom('sync_runs').select('completed_at').where('id', '=', first.syncRunId).executeTakeFirstOrThrow();
        latencies.push(first.at - Number(run.completed_at));
        // Its other deliveries go out before the next trial, which then starts with the worker idle.
        for (const deadline = Date.now() + 60_000; await pendingOf(account) > 0 && Date.now() < deadline;) await sleep(50);
      }
      console.log(`${label}: run end to first delivery ${latencies.join(', ')} ms (median ${median(latencies)} ms)`);
      const result: DeliveryRun = {
        kind: 'delivery', label, deliveries: setup.records, accounts: setup.accounts.length, seconds, perSecond, cpu: cpuPerDelivery, runEndToFirstDelivery: latencies,
      };
      writeFileSync(outFile, JSON.stringify(result, null, 2));
    } finally {
      await worker.stop();
    }
  } finally {
    await t.close();
    await receiver.close();
  }
}

await main();
