import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { markRecordsConsumed, updateWebhookRecords } from '../../src/engine/repositories/deliveryLogs.ts';
import { addDailyUsages } from '../../src/engine/repositories/usage.ts';
import { recordAttempts } from '../../src/engine/repositories/webhookOutbox.ts';
import { syncScheduler } from '../../src/engine/services/syncScheduler.ts';
import { startTestEngine, type TestEngine } from '../support/engineHarness.ts';
import { connectBamboo, registerWebhook, syncingOrg } from '../support/syncFixtures.ts';

// The delivery worker's group commit writes each table once, many rows in one statement
// (repositories/webhookOutbox.ts, deliveryLogs.ts, usage.ts; dialect.ts's rowsTable). On SQLite
// and on PostgreSQL (scripts/pg-test.sh): each named row gets its own values, and no other row
// changes. Every row gets values no other row gets, so a statement that paired rows and values
// wrongly, or touched rows it does not name, fails here.
let t: TestEngine;
let accounts: string[];
beforeEach(async () => {
  t = await startTestEngine();
  const org = await syncingOrg(t);
  await registerWebhook(t, org.orgId, 'https://hooks.example.com/in');
  accounts = [await connectBamboo(t, org, 'globex-7'), await connectBamboo(t, org, 'initech-3', '-second')];
  const scheduler = syncScheduler(t.engine, { workerId: 'wrk_writes' });
  while ((await scheduler.tick()).length > 0);
});
afterEach(async () => { await t.close(); });

const tables = async () => {
  const { db } = t.engine;
  return {
    outbox: await db.selectFrom('webhook_outbox').selectAll().orderBy('id').execute(),
    webhookRecords: await db.selectFrom('webhook_records').selectAll().orderBy('id').execute(),
    syncRecords: await db.selectFrom('sync_records').selectAll().orderBy('id').execute(),
    runs: await db.selectFrom('sync_runs').selectAll().orderBy('id').execute(),
    usage: await db.selectFrom('usage_daily').selectAll().orderBy('org_id').orderBy('day').orderBy('origin_org_id').orderBy('integration_id').execute(),
  };
};

/** The rows of `after` other than the ones `named` picks are as in `before`. */
function expectOthersUnchanged<Row>(before: Row[], after: Row[], named: (row: Row) => boolean): void {
  expect(after.filter((row) => !named(row))).toEqual(before.filter((row) => !named(row)));
}

describe('the delivery worker\'s batched writes', () => {
  it('change exactly the rows they name, each with its own values', async () => {
    const before = await tables();
    // Every third delivery of both accounts, interleaved: rows that are neither adjacent nor of one account.
    const picked = before.outbox.filter((_, i) => i % 3 === 1);
    expect(new Set(picked.map((row) => row.integration_id))).toEqual(new Set(accounts));
    expect(picked.length).toBeGreaterThan(3);
    const pickedIds = new Set(picked.map((row) => Number(row.id)));
    const at = (i: number) => 1_900_000_000_000 + i;

    await t.engine.db.transaction().execute(async (trx) => {
      await recordAttempts(trx, picked.map((row, i) => ({
        id: Number(row.id), state: 'dispatched', attempts: 10 + i, firstAttemptAt: at(i), nextAttemptAt: Number(row.next_attempt_at), statusCode: 200 + i, statusMessage: `OK ${i}`, now: at(100 + i),
      })));
      await updateWebhookRecords(trx, picked.map((row, i) => ({
        recordId: row.record_id, requestTs: Number(row.record_ts), statusCode: 200 + i, statusMessage: `OK ${i}`, retryCallCount: 9 + i, dispatchStatus: 'dispatched',
        // Every other one without a path: it keeps the one it has.
        ...(i % 2 === 0 ? { path: `/in/${i}` } : {}),
      })));
      await markRecordsConsumed(trx, picked.map((row, i) => ({ runId: row.run_id, auditId: row.audit_id, auditTs: Number(row.audit_ts), at: at(200 + i) })));
    });
    const after = await tables();

    // The outbox rows named, each with its own outcome; the others as they were.
    const outboxById = new Map(after.outbox.map((row) => [Number(row.id), row]));
    picked.forEach((row, i) => expect(outboxById.get(Number(row.id))).toEqual({
      ...row, state: 'dispatched', attempts: 10 + i, first_attempt_at: at(i), last_status_code: 200 + i, last_status_message: `OK ${i}`, finished_at: at(100 + i),
    }));
    expectOthersUnchanged(before.outbox, after.outbox, (row) => pickedIds.has(Number(row.id)));

    const recordKey = (row: { record_id: string; request_ts: number | bigint | string }) => `${row.record_id}@${Number(row.request_ts)}`;
    const pickedRecords = new Map(picked.map((row, i) => [`${row.record_id}@${Number(row.record_ts)}`, i]));
    expect(after.webhookRecords.filter((row) => pickedRecords.has(recordKey(row)))).toHaveLength(picked.length);
    for (const row of after.webhookRecords.filter((r) => pickedRecords.has(recordKey(r)))) {
      const i = pickedRecords.get(recordKey(row))!;
      const was = before.webhookRecords.find((r) => r.id === row.id)!;
      expect(row).toEqual({ ...was, status_code: 200 + i, status_message: `OK ${i}`, retry_call_count: 9 + i, dispatch_status: 'dispatched', path: i % 2 === 0 ? `/in/${i}` : was.path });
    }
    expectOthersUnchanged(before.webhookRecords, after.webhookRecords, (row) => pickedRecords.has(recordKey(row)));

    const consumedKey = (row: { run_id: string; audit_id: string; dispatched_at: number | bigint | string }) => `${row.run_id}/${row.audit_id}@${Number(row.dispatched_at)}`;
    const pickedConsumed = new Map(picked.map((row, i) => [`${row.run_id}/${row.audit_id}@${Number(row.audit_ts)}`, i]));
    const consumed = after.syncRecords.filter((row) => pickedConsumed.has(consumedKey(row)));
    expect(consumed).toHaveLength(picked.length);
    for (const row of consumed) expect(Number(row.consumed_at)).toBe(at(200 + pickedConsumed.get(consumedKey(row))!));
    expectOthersUnchanged(before.syncRecords, after.syncRecords, (row) => pickedConsumed.has(consumedKey(row)));

    // Each run counts its own consumed records, and only the runs named change.
    const perRun = new Map<string, number>();
    for (const row of picked) perRun.set(row.run_id, (perRun.get(row.run_id) ?? 0) + 1);
    expect(perRun.size).toBeGreaterThan(1);
    for (const run of after.runs) {
      const was = before.runs.find((r) => r.id === run.id)!;
      expect(run).toEqual({ ...was, events_consumed: Number(was.events_consumed) + (perRun.get(run.id) ?? 0) });
    }

    // Consumed once: the same records again count nothing more.
    await markRecordsConsumed(t.engine.db, picked.map((row) => ({ runId: row.run_id, auditId: row.audit_id, auditTs: Number(row.audit_ts), at: at(999) })));
    const again = await tables();
    expect(again.runs).toEqual(after.runs);
    expect(again.syncRecords).toEqual(after.syncRecords);
  });

  it('add each account\'s usage to its own day, summing increments of one account and day', async () => {
    const before = await tables();
    const org = before.outbox[0].org_id;
    const day = 1_900_000_000_000 - (1_900_000_000_000 % 86_400_000);
    const key = (integrationId: string, originOrgId: string, d = day) => ({ org_id: org, origin_org_id: originOrgId, integration_id: integrationId, day: d });
    await addDailyUsages(t.engine.db, [
      { ...key(accounts[1], 'initech-3'), events_emitted: 1, events_consumed: 1 },
      { ...key(accounts[0], 'globex-7'), events_emitted: 1, events_consumed: 1 },
      { ...key(accounts[1], 'initech-3'), events_emitted: 1, events_consumed: 1 },
      { ...key(accounts[0], 'globex-7', day + 86_400_000), events_emitted: 1 },
    ]);
    await addDailyUsages(t.engine.db, [{ ...key(accounts[0], 'globex-7'), events_emitted: 5, issues: 2 }]);
    const after = await tables();
    const counters = (row: { events_emitted: unknown; events_consumed: unknown; issues: unknown }) =>
      ({ events_emitted: Number(row.events_emitted), events_consumed: Number(row.events_consumed), issues: Number(row.issues) });
    const rowOf = (k: ReturnType<typeof key>) => after.usage.find((row) => row.org_id === k.org_id && Number(row.day) === k.day && row.origin_org_id === k.origin_org_id && row.integration_id === k.integration_id);
    expect(counters(rowOf(key(accounts[0], 'globex-7'))!)).toEqual({ events_emitted: 6, events_consumed: 1, issues: 2 });
    expect(counters(rowOf(key(accounts[1], 'initech-3'))!)).toEqual({ events_emitted: 2, events_consumed: 2, issues: 0 });
    expect(counters(rowOf(key(accounts[0], 'globex-7', day + 86_400_000))!)).toEqual({ events_emitted: 1, events_consumed: 0, issues: 0 });
    expect(after.usage.filter((row) => Number(row.day) < day)).toEqual(before.usage);
  });
});
