import { CompiledQuery } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { syncScheduler } from '../../src/engine/services/syncScheduler.ts';
import { deliveryWorker } from '../../src/engine/services/webhookDelivery.ts';
import { startTestEngine, type TestEngine } from '../support/engineHarness.ts';
import { DAY } from '../support/dataFixtures.ts';
import { connectBamboo, registerWebhook, sessionOf, startReceiver, syncingOrg, type Receiver } from '../support/syncFixtures.ts';

// As tests/engine/workerPlans.test.ts does for the workers: every statement of the replay calls
// (their counts, claims, the webhook records and snapshots they write) is planned with SQLite's
// EXPLAIN QUERY PLAN; none may scan a table that grows with the data, and a claim never sorts.
const GROWING = new Set(['sync_jobs', 'sync_runs', 'sync_records', 'sync_snapshots', 'webhook_outbox', 'delivery_queues', 'webhook_logs', 'webhook_records', 'integrated_accounts', 'webhooks']);

let receiver: Receiver;
beforeAll(async () => { receiver = await startReceiver(); });
afterAll(async () => { await receiver.close(); });
let t: TestEngine;
beforeEach(async () => { t = await startTestEngine({ outboundAllowHosts: [receiver.host] }); });
afterEach(async () => { await t.close(); });

describe.skipIf(!!process.env.DATABASE_URL)('replay statements on SQLite', () => {
  it('seek on an index or a key, and never scan a growing table', async () => {
    const org = await syncingOrg(t);
    const account = await connectBamboo(t, org);
    const [run] = await syncScheduler(t.engine, { workerId: 'wrk_plans' }).tick();
    const worker = deliveryWorker(t.engine, { workerId: 'wrk_plans' });
    // Not dispatched (no URL yet), then replayable once the URL is saved.
    while ((await worker.tick()) > 0);
    await registerWebhook(t, org.orgId, receiver.url);
    const head = await t.engine.db.selectFrom('webhook_outbox').select('record_id').where('run_id', '=', run.runId!).orderBy('id').limit(1).executeTakeFirstOrThrow();
    const token = await sessionOf(t, org);
    const now = t.clock.now();
    const replay = (operation: string, body: Record<string, unknown>) => t.call('POST', `/api/app.replayWebhook${operation}`, { token, body });
    const executor = t.engine.db.getExecutor();
    // On the executors' prototype: a transaction's statements go through an executor of its own.
    const spy = vi.spyOn(Object.getPrototypeOf(executor) as typeof executor, 'executeQuery');
    let statements: CompiledQuery[];
    try {
      for (const dryRun of [true, false]) {
        await replay('Record', { syncRunId: run.runId, recordId: head.record_id, dryRun });
        await replay('Run', { syncRunId: run.runId, syncIterationId: 'itr_none', dryRun });
        await replay('Run', { syncRunId: run.runId, dryRun });
        await replay('Deliveries', { start: now - DAY, end: now, category: 'HRIS', originOrgId: 'globex-7', integrationId: account, dryRun });
        await replay('Deliveries', { start: now - DAY, end: now, dryRun });
      }
      statements = spy.mock.calls.map(([query]) => query);
    } finally {
      spy.mockRestore();
    }
    const planned = statements.filter((q) => /webhook_outbox|webhook_records|sync_snapshots|delivery_queues/.test(q.sql) && !/^(begin|commit|rollback|savepoint|release)/i.test(q.sql));
    // Counts, claims, the records marked and the snapshot kept all ran.
    for (const statement of [/^select .* from "webhook_outbox"/, /^update "webhook_outbox"/, /^update "webhook_records"/, /^insert into "sync_snapshots"/]) {
      expect(planned.some((q) => statement.test(q.sql)), String(statement)).toBe(true);
    }
    const problems = new Set<string>();
    for (const query of planned) {
      const plan = await executor.executeQuery(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]));
      for (const { detail } of plan.rows as { detail: string }[]) {
        const scanned = /^SCAN (\w+)/.exec(detail)?.[1];
        if (scanned && GROWING.has(scanned)) problems.add(`scans ${scanned}: ${query.sql.slice(0, 200)}`);
        if (/TEMP B-TREE/.test(detail) && /^update "webhook_outbox"/.test(query.sql)) problems.add(`sorts: ${query.sql.slice(0, 200)}`);
      }
    }
    expect([...problems]).toEqual([]);
    expect(await worker.tick()).toBeGreaterThan(0);
  });
});
