import { CompiledQuery } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { syncScheduler } from '../../src/engine/services/syncScheduler.ts';
import { deliveryWorker } from '../../src/engine/services/webhookDelivery.ts';
import { startTestEngine, type TestEngine } from '../support/engineHarness.ts';
import { connectBamboo, registerWebhook, startReceiver, syncingOrg, type Receiver } from '../support/syncFixtures.ts';

// The workers' statements stay index-served as the tables grow: every statement a sync run and
// its deliveries run (claims, reads of heads and snapshots, the rows written and updated) is
// planned with SQLite's EXPLAIN QUERY PLAN: none may scan a table that grows with the data, and
// the claims and head reads never sort. Planned on SQLite from the schema alone, as tests/engine/listPlans.test.ts does.
const GROWING = new Set([
  'sync_jobs', 'sync_runs', 'sync_records', 'sync_snapshots', 'webhook_outbox', 'delivery_queues', 'webhook_logs', 'webhook_records',
  'native_calls', 'issues', 'usage_daily', 'integrated_accounts', 'organisations', 'mapping_fields', 'api_logs',
]);

let receiver: Receiver;
beforeAll(async () => { receiver = await startReceiver(); });
afterAll(async () => { await receiver.close(); });
let t: TestEngine;
beforeEach(async () => { t = await startTestEngine({ outboundAllowHosts: [receiver.host] }); });
afterEach(async () => { await t.close(); });

describe.skipIf(!!process.env.DATABASE_URL)('worker statements on SQLite', () => {
  it('seek on an index or a key, and never scan a growing table', async () => {
    const org = await syncingOrg(t);
    await registerWebhook(t, org.orgId, receiver.url);
    await connectBamboo(t, org);
    let answers = 0;
    receiver.answer = () => (++answers === 1 ? 500 : 200);
    const executor = t.engine.db.getExecutor();
    // On the executors' prototype: a transaction runs its statements on an executor of its own.
    const spy = vi.spyOn(Object.getPrototypeOf(executor) as typeof executor, 'executeQuery');
    let statements: CompiledQuery[];
    try {
      await syncScheduler(t.engine, { workerId: 'wrk_plans' }).tick();
      const worker = deliveryWorker(t.engine, { workerId: 'wrk_plans', random: () => 0.5 });
      await worker.tick();
      t.clock.advance(60_000);
      while ((await worker.tick()) > 0);
      statements = spy.mock.calls.map(([query]) => query);
    } finally {
      spy.mockRestore();
    }
    const problems = new Set<string>();
    for (const query of statements.filter((q) => !/^(begin|commit|rollback|savepoint|release)/i.test(q.sql))) {
      const plan = await executor.executeQuery(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]));
      for (const { detail } of plan.rows as { detail: string }[]) {
        const scanned = /^SCAN (\w+)/.exec(detail)?.[1];
        if (scanned && GROWING.has(scanned)) problems.add(`scans ${scanned}: ${query.sql.slice(0, 160)}`);
        // The claims and head reads take rows in order: an index must give it.
        // A record found by its key (run and audit id) is sought by it, not among its run's records.
        if (/^SEARCH sync_records\b/.test(detail) && /\baudit_id\b/.test(query.sql) && !/audit_id=/.test(detail)) problems.add(`seeks a run's records, not the record: ${query.sql.slice(0, 160)}`);
        if (/TEMP B-TREE/.test(detail) && /"(sync_jobs|delivery_queues|webhook_outbox)"/.test(query.sql)) problems.add(`sorts: ${query.sql.slice(0, 160)}`);
      }
    }
    expect([...problems]).toEqual([]);
    expect(answers).toBeGreaterThan(1);
  });
});
