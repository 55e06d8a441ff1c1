import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REPLAY_LIMIT } from '../../src/shared/webhookReplay.ts';
import { syncScheduler, type SyncScheduler } from '../../src/engine/services/syncScheduler.ts';
import { deliveryWorker, type DeliveryWorker } from '../../src/engine/services/webhookDelivery.ts';
import { insertInBatches } from '../../src/engine/db/batches.ts';
import { startTestEngine, type TestEngine } from '../support/engineHarness.ts';
import { DAY, userWithRole } from '../support/dataFixtures.ts';
import {
  accountAction, connectBamboo, orgSigningSecret, registerWebhook, sessionOf, startReceiver, syncingOrg, type Receiver, type SyncingOrg,
} from '../support/syncFixtures.ts';
import { verifies } from '../support/webhookReceiver.ts';

// Replay of webhook deliveries on SQLite and PostgreSQL, through the HTTP operations as the
// dashboard calls them: a replayed delivery is the original one again (its webhook-id and body,
// signed afresh with the organisation's secret, verified with `standardwebhooks`), sent by the
// delivery worker to a receiver on 127.0.0.1 (reachable through OUTBOUND_ALLOW_HOSTS), logged on
// its webhook record as a replay; a dry run counts exactly what the real call then replays;
// concurrent calls replay each delivery once; another organisation's deliveries are never touched.
let receiver: Receiver;
beforeAll(async () => { receiver = await startReceiver(); });
afterAll(async () => { await receiver.close(); });

let t: TestEngine;
let org: SyncingOrg;
let account: string;
let scheduler: SyncScheduler;
let worker: DeliveryWorker;
let receivedAt: number[];
/** webhook-ids the receiver refuses (503) while they are in the set; every one while `down`. */
let refused: Set<string>;
let down: boolean;
beforeEach(async () => {
  t = await startTestEngine({ outboundAllowHosts: [receiver.host] });
  receiver.received.length = 0;
  receivedAt = [];
  refused = new Set();
  down = false;
  receiver.answer = ({ webhookId }) => { receivedAt.push(t.clock.now()); return down || refused.has(webhookId) ? 503 : 200; };
  org = await syncingOrg(t);
  account = await connectBamboo(t, org);
  scheduler = syncScheduler(t.engine, { workerId: 'wrk_scheduler' });
  worker = deliveryWorker(t.engine, { workerId: 'wrk_delivery', random: () => 0.5 });
});
afterEach(async () => { await t.close(); });

const db = () => t.engine.db;
/** Ticks until nothing is due now; the attempts made. */
async function deliverDue(): Promise<number> {
  let total = 0;
  for (let sent = await worker.tick(); sent > 0; sent = await worker.tick()) total += sent;
  return total;
}
/** Delivers everything, moving the clock to each retry until every delivery is finished (dispatched, or given up after three days). */
async function deliverAll(): Promise<void> {
  for (let round = 0; round < 1_000; round += 1) {
    await deliverDue();
    // An account's deliveries wait behind its head: its queue says when that is due.
    const next = await db().selectFrom('delivery_queues').select((eb) => eb.fn.min('next_attempt_at').as('due')).executeTakeFirst();
    if (next?.due === null || next?.due === undefined) return;
    t.clock.set(Math.max(t.clock.now(), Number(next.due)));
  }
  const queues = await db().selectFrom('delivery_queues').selectAll().execute();
  throw new Error(`deliveries still pending after 1,000 rounds at ${t.clock.now()}: ${JSON.stringify(queues)}`);
}
const ids = () => receiver.received.map((r) => String(r.headers['webhook-id']));
const outboxOf = (runId: string) => db().selectFrom('webhook_outbox').select(['id', 'webhook_id', 'record_id', 'record_key', 'state', 'attempts'])
  .where('run_id', '=', runId).orderBy('id').execute();
const recordOf = (recordId: string) => db().selectFrom('webhook_records')
  .select(['dispatch_status', 'status_code', 'retry_call_count', 'replay_count', 'replayed_at']).where('record_id', '=', recordId).executeTakeFirstOrThrow();
const replay = async (operation: 'Record' | 'Run' | 'Deliveries', body: Record<string, unknown>, token?: string) =>
  t.call('POST', `/api/app.replayWebhook${operation}`, { token: token ?? await sessionOf(t, org), body });
const issuesNow = async () => (await t.call('POST', '/api/app.issue.data', { token: await sessionOf(t, org), body: {} })).body.msg.issues as Record<string, unknown>[];

describe('replay of one delivery', () => {
  it('sends a failed delivery again with its original webhook-id and body to the recovered receiver, logged as a replay', async () => {
    await registerWebhook(t, org.orgId, receiver.url);
    const [run] = await scheduler.tick();
    const queued = await outboxOf(run.runId!);
    const [head, second] = queued;
    // The receiver is down for three days: the first delivery is given up (the next one waits for its retry).
    down = true;
    for (let state = 'pending'; state === 'pending';) {
      await deliverDue();
      const row = await db().selectFrom('webhook_outbox').select(['state', 'next_attempt_at']).where('id', '=', head.id).executeTakeFirstOrThrow();
      state = row.state;
      if (state === 'pending') t.clock.set(Math.max(t.clock.now(), Number(row.next_attempt_at)));
    }
    const failed = (await outboxOf(run.runId!))[0];
    expect(failed).toMatchObject({ state: 'failed' });
    expect(await recordOf(head.record_id)).toMatchObject({ dispatch_status: 'failed', status_code: 503, retry_call_count: failed.attempts - 1, replay_count: 0, replayed_at: null });
    expect(await issuesNow()).toEqual([expect.objectContaining({ errorType: 'WEBHOOK_DELIVERY_FAILED', resolved: false })]);
    const firstBody = receiver.received.find((r) => r.headers['webhook-id'] === head.webhook_id)!.body;

    // The receiver is back. The dry run counts and changes nothing.
    down = false;
    receiver.received.length = 0;
    receivedAt = [];
    const dry = await replay('Record', { syncRunId: run.runId, recordId: head.record_id, dryRun: true });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.msg).toEqual({ dryRun: true, count: 1, notDispatched: 0 });
    expect((await outboxOf(run.runId!))[0].state).toBe('failed');
    expect(await deliverDue()).toBe(0);

    const replayedAt = t.clock.now();
    const real = await replay('Record', { syncRunId: run.runId, recordId: head.record_id });
    expect(real.body.msg).toEqual({ dryRun: false, count: 1, notDispatched: 0 });
    expect(await recordOf(head.record_id)).toMatchObject({ dispatch_status: 'pending', replay_count: 1, replayed_at: replayedAt });
    // Claimed: a second replay before it is sent finds it pending.
    const again = await replay('Record', { syncRunId: run.runId, recordId: head.record_id });
    expect(again.status).toBe(409);
    expect(again.body.error.msg).toBe('This delivery is pending: it is being sent or waits for its next try');

    // The replay goes first (the next delivery waits for its retry), and its success resolves the issue.
    expect(await deliverDue()).toBe(1);
    expect(ids()).toEqual([head.webhook_id]);
    expect(receiver.received[0].body).toBe(firstBody);
    expect(verifies(receiver.received[0], await orgSigningSecret(t, org.orgId), receivedAt[0])).toBe(true);
    expect(await recordOf(head.record_id)).toMatchObject({ dispatch_status: 'dispatched', status_code: 200, retry_call_count: failed.attempts, replay_count: 1 });
    expect(await issuesNow()).toEqual([expect.objectContaining({ errorType: 'WEBHOOK_DELIVERY_FAILED', resolved: true })]);
    await deliverAll();
    expect((await outboxOf(run.runId!)).every((o) => o.state === 'dispatched')).toBe(true);
    const counts = await db().selectFrom('sync_runs').select(['events_triggered', 'events_consumed']).where('id', '=', run.runId!).executeTakeFirstOrThrow();
    expect(counts.events_consumed).toBe(counts.events_triggered);

    // What the webhook log screens read.
    const rows: { recordId: string; replayCount: number }[] = [];
    const token = await sessionOf(t, org);
    for (let pageNo = 1, more = true; more; pageNo += 1) {
      const page = await t.call('POST', '/api/app.getWebhookRecords', { token, body: { syncRunId: run.runId, limit: 100, pageNo } });
      rows.push(...page.body.msg.logs);
      more = page.body.msg.hasMoreRecords;
    }
    expect(rows.find((r) => r.recordId === head.record_id)).toMatchObject({ dispatchStatus: 'dispatched', replayCount: 1, replayedAt, retryCallCount: failed.attempts });
    expect(rows.filter((r) => r.replayCount > 0)).toHaveLength(1);
    const record = await t.call('POST', '/api/app.getWebhookNativeCalls', { token, body: { syncRunId: run.runId, recordId: head.record_id } });
    expect(record.body.msg.record).toMatchObject({ replayCount: 1, replayedAt });

    // A customer who lost a delivered one gets it again too (one record only), counted once.
    receiver.received.length = 0;
    expect((await replay('Record', { syncRunId: run.runId, recordId: second.record_id })).body.msg.count).toBe(1);
    expect(await deliverDue()).toBe(1);
    expect(ids()).toEqual([second.webhook_id]);
    expect((await db().selectFrom('sync_runs').select('events_consumed').where('id', '=', run.runId!).executeTakeFirstOrThrow()).events_consumed).toBe(counts.events_consumed);
  });

  it('answers 404 for a record of another organisation and 409 when nothing can be sent', async () => {
    const [run] = await scheduler.tick();
    const [head] = await outboxOf(run.runId!);
    await deliverDue();
    // Not dispatched, and still no URL: nothing to send it to.
    const noUrl = await replay('Record', { syncRunId: run.runId, recordId: head.record_id, dryRun: true });
    expect(noUrl.status).toBe(409);
    expect(noUrl.body.error.msg).toBe('No webhook URL is registered for HRIS: save one on API Keys & Webhooks, then replay');

    const other = await syncingOrg(t, { email: 'owner@initech.test' });
    const stranger = await sessionOf(t, other);
    expect((await replay('Record', { syncRunId: run.runId, recordId: head.record_id, dryRun: true }, stranger)).status).toBe(404);
    expect((await replay('Record', { syncRunId: run.runId, recordId: head.record_id }, stranger)).status).toBe(404);
    expect((await replay('Run', { syncRunId: run.runId }, stranger)).status).toBe(404);
    expect((await db().selectFrom('webhook_outbox').select('state').where('id', '=', head.id).executeTakeFirstOrThrow()).state).toBe('stale');
  });
});

describe('replay of a run', () => {
  it('sends the deliveries that were not dispatched once a URL exists, in order, with their webhook-ids, and the next run does not send them again', async () => {
    const [run] = await scheduler.tick();
    const queued = await outboxOf(run.runId!);
    expect(await deliverDue()).toBe(queued.length);
    expect(receiver.received).toEqual([]);
    // Without a URL there is nothing to replay.
    expect((await replay('Run', { syncRunId: run.runId, dryRun: true })).body.msg).toEqual({ dryRun: true, count: 0, notDispatched: 0 });

    await registerWebhook(t, org.orgId, receiver.url);
    const dry = await replay('Run', { syncRunId: run.runId, dryRun: true });
    expect(dry.body.msg).toEqual({ dryRun: true, count: queued.length, notDispatched: queued.length });
    const real = await replay('Run', { syncRunId: run.runId });
    expect(real.body.msg).toEqual({ dryRun: false, count: dry.body.msg.count, notDispatched: queued.length });
    expect((await replay('Run', { syncRunId: run.runId, dryRun: true })).body.msg.count).toBe(0);

    expect(await deliverDue()).toBe(queued.length);
    expect(ids()).toEqual(queued.map((o) => o.webhook_id));
    const secret = await orgSigningSecret(t, org.orgId);
    receiver.received.forEach((call, i) => expect(verifies(call, secret, receivedAt[i])).toBe(true));
    const records = await Promise.all(queued.map((o) => recordOf(o.record_id)));
    expect(records.every((r) => r.dispatch_status === 'dispatched' && r.replay_count === 1 && r.retry_call_count === 0)).toBe(true);
    expect(await issuesNow()).toEqual([expect.objectContaining({ errorType: 'WEBHOOK_NOT_DISPATCHED', resolved: true })]);

    // The job knows the customer has these records now: a restart finds nothing to send.
    await accountAction(t, org, account, 'restartSync', { syncPaused: false });
    const [next] = await scheduler.tick();
    expect(next).toMatchObject({ status: 'completed', changes: 0 });
  });

  it('replays only the failed deliveries of the iteration asked for, never a dispatched one', async () => {
    await registerWebhook(t, org.orgId, receiver.url);
    const [run] = await scheduler.tick();
    const queued = await outboxOf(run.runId!);
    refused.add(queued[0].webhook_id);
    await deliverAll();
    const iterations = await db().selectFrom('webhook_outbox').select(['iteration_id', 'state']).where('run_id', '=', run.runId!).orderBy('id').execute();
    const failedIteration = iterations[0].iteration_id;
    const otherIteration = iterations.find((o) => o.iteration_id !== failedIteration)?.iteration_id;
    if (otherIteration) expect((await replay('Run', { syncRunId: run.runId, syncIterationId: otherIteration, dryRun: true })).body.msg.count).toBe(0);
    expect((await replay('Run', { syncRunId: run.runId, dryRun: true })).body.msg).toEqual({ dryRun: true, count: 1, notDispatched: 0 });
    expect((await replay('Run', { syncRunId: run.runId, syncIterationId: failedIteration })).body.msg.count).toBe(1);
    receiver.received.length = 0;
    expect(await deliverDue()).toBe(1);
    expect(ids()).toEqual([queued[0].webhook_id]);
  });
});

describe('replay of a time range', () => {
  it("counts and replays the organisation's own failed deliveries in the range only", async () => {
    const [run] = await scheduler.tick();
    const mine = await outboxOf(run.runId!);
    await deliverDue();
    const other = await syncingOrg(t, { email: 'owner@initech.test' });
    await connectBamboo(t, other, 'initech-1');
    const [theirs] = await syncScheduler(t.engine, { workerId: 'wrk_other' }).tick();
    await deliverDue();
    await registerWebhook(t, org.orgId, receiver.url);
    await registerWebhook(t, other.orgId, receiver.url);
    const now = t.clock.now();
    const range = { start: now - DAY, end: now };

    // Not in the range, of another category, account or end customer: nothing.
    expect((await replay('Deliveries', { start: now - 3 * DAY, end: now - 2 * DAY, dryRun: true })).body.msg.count).toBe(0);
    expect((await replay('Deliveries', { ...range, category: 'ATS', dryRun: true })).body.msg.count).toBe(0);
    expect((await replay('Deliveries', { ...range, integrationId: 'int_not_mine', dryRun: true })).body.msg.count).toBe(0);
    expect((await replay('Deliveries', { ...range, originOrgId: 'initech-1', dryRun: true })).body.msg.count).toBe(0);
    expect((await replay('Deliveries', { ...range, originOrgId: 'globex-7', integrationId: account, category: 'HRIS', dryRun: true })).body.msg.count).toBe(mine.length);

    const dry = await replay('Deliveries', { ...range, dryRun: true });
    expect(dry.body.msg).toEqual({ dryRun: true, count: mine.length, notDispatched: mine.length });
    const real = await replay('Deliveries', range);
    expect(real.body.msg.count).toBe(dry.body.msg.count);
    expect(await deliverDue()).toBe(mine.length);
    expect(new Set(ids())).toEqual(new Set(mine.map((o) => o.webhook_id)));
    // The other organisation's deliveries of the same time stay as they were.
    expect((await outboxOf(theirs.runId!)).every((o) => o.state === 'stale')).toBe(true);
    expect((await replay('Deliveries', { ...range, dryRun: true }, await sessionOf(t, other))).body.msg.count).toBe((await outboxOf(theirs.runId!)).length);
  });

  it('refuses a range over 30 days, an end before the start, and more than 10,000 deliveries, naming the field', async () => {
    const now = t.clock.now();
    const over = await replay('Deliveries', { start: now - 30 * DAY - 1, end: now, dryRun: true });
    expect(over.status).toBe(400);
    expect(over.body.error).toMatchObject({ field: 'end', msg: 'The time range must not span more than 30 days' });
    expect((await replay('Deliveries', { start: now - 30 * DAY, end: now, dryRun: true })).status).toBe(200);
    const backwards = await replay('Deliveries', { start: now, end: now - 1 });
    expect(backwards.body.error).toMatchObject({ field: 'end', msg: 'The end of the time range must not be before its start' });
    const missing = await replay('Deliveries', { end: now });
    expect(missing.status).toBe(400);
    expect(missing.body.error.field).toBe('start');

    // An organisation with more failed deliveries than one call replays.
    await registerWebhook(t, org.orgId, receiver.url);
    const [run] = await scheduler.tick();
    const sample = await db().selectFrom('webhook_outbox').selectAll().where('run_id', '=', run.runId!).limit(1).executeTakeFirstOrThrow();
    const { id: _id, ...row } = sample;
    await db().deleteFrom('webhook_outbox').where('run_id', '=', run.runId!).execute();
    await insertInBatches(db(), 'webhook_outbox', Array.from({ length: REPLAY_LIMIT + 1 }, (_, i) => ({
      ...row, webhook_id: `msg_bulk_${i}`, record_id: `rec_bulk_${i}`, state: 'failed', finished_at: now,
    })));
    const tooMany = await replay('Deliveries', { start: now - DAY, end: now, dryRun: true });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toMatchObject({ field: 'start', msg: 'More than 10,000 failed deliveries in this time range: narrow it to replay at most 10,000 at once' });
    const tooManyOfRun = await replay('Run', { syncRunId: run.runId });
    expect(tooManyOfRun.body.error).toMatchObject({ field: 'syncRunId' });
    expect(await db().selectFrom('webhook_outbox').select('id').where('run_id', '=', run.runId!).where('state', '=', 'pending').execute()).toEqual([]);
    // One fewer is replayed, every one of them.
    await db().deleteFrom('webhook_outbox').where('webhook_id', '=', 'msg_bulk_0').execute();
    expect((await replay('Deliveries', { start: now - DAY, end: now })).body.msg.count).toBe(REPLAY_LIMIT);
    const pending = await db().selectFrom('webhook_outbox').select((eb) => eb.fn.countAll<number>().as('n')).where('run_id', '=', run.runId!).where('state', '=', 'pending').executeTakeFirstOrThrow();
    expect(Number(pending.n)).toBe(REPLAY_LIMIT);
  });
});

describe('who may replay, and how often', () => {
  it('lets admins and members replay, refuses billing contacts (403)', async () => {
    const [run] = await scheduler.tick();
    await deliverDue();
    await registerWebhook(t, org.orgId, receiver.url);
    const now = t.clock.now();
    const billing = await userWithRole(t, org.orgId, 'billingcontact', 'billing@acme.test');
    const member = await userWithRole(t, org.orgId, 'member', 'member@acme.test');
    const [head] = await outboxOf(run.runId!);
    const calls = [
      ['Record', { syncRunId: run.runId, recordId: head.record_id, dryRun: true }],
      ['Run', { syncRunId: run.runId, dryRun: true }],
      ['Deliveries', { start: now - DAY, end: now, dryRun: true }],
    ] as const;
    for (const [operation, body] of calls) {
      const refused403 = await replay(operation, body, billing);
      expect(refused403.status).toBe(403);
      expect(refused403.body.error.code).toBe('FORBIDDEN');
      const allowed = await replay(operation, body, member);
      expect(allowed.status).toBe(200);
      expect(allowed.body.msg.count).toBeGreaterThan(0);
    }
  });

  it('replays each delivery once when replays are asked for at the same time', async () => {
    const [run] = await scheduler.tick();
    const queued = await outboxOf(run.runId!);
    await deliverDue();
    await registerWebhook(t, org.orgId, receiver.url);
    const now = t.clock.now();
    const tokens = await Promise.all(Array.from({ length: 6 }, () => sessionOf(t, org)));
    const single = queued[0].record_id;
    const answers = await Promise.all(tokens.flatMap((token) => [
      replay('Run', { syncRunId: run.runId }, token),
      replay('Deliveries', { start: now - DAY, end: now }, token),
      replay('Record', { syncRunId: run.runId, recordId: single }, token),
    ]));
    for (const answer of answers) expect([200, 409], JSON.stringify(answer.body)).toContain(answer.status);
    const replayed = answers.filter((a) => a.status === 200).reduce((n, a) => n + a.body.msg.count, 0);
    expect(replayed).toBe(queued.length);
    const records = await Promise.all(queued.map((o) => recordOf(o.record_id)));
    expect(records.map((r) => r.replay_count)).toEqual(queued.map(() => 1));
    expect(await deliverDue()).toBe(queued.length);
    expect(ids().sort()).toEqual(queued.map((o) => o.webhook_id).sort());
  });
});
