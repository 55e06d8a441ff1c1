import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { retryCeilingMs, RETRY_WINDOW_MS } from '../../src/engine/services/deliveryRules.ts';
import { syncScheduler, type SyncScheduler } from '../../src/engine/services/syncScheduler.ts';
import { deliveryWorker, type DeliveryWorker } from '../../src/engine/services/webhookDelivery.ts';
import { startTestEngine, type TestEngine } from '../support/engineHarness.ts';
import { DAY } from '../support/dataFixtures.ts';
import {
  accountAction, connectBamboo, orgSigningSecret, registerWebhook, sessionOf, startReceiver, syncingOrg, unifiedEmployees, type Receiver, type SyncingOrg,
} from '../support/syncFixtures.ts';
import { verifies } from '../support/webhookReceiver.ts';

// Webhook delivery on SQLite and PostgreSQL under the test clock: every changed record of a run
// reaches the category's webhook URL once, signed per Standard Webhooks (verified with the
// `standardwebhooks` package and the organisation's secret), in order per account; a receiver that
// fails gets the same webhook-id again after a backoff, the failure is an issue until a delivery
// succeeds; a category without a URL gets nothing (stale, not dispatched). The receiver listens on
// 127.0.0.1, which only OUTBOUND_ALLOW_HOSTS lets the engine reach.
let receiver: Receiver;
beforeAll(async () => { receiver = await startReceiver(); });
afterAll(async () => { await receiver.close(); });

let t: TestEngine;
let org: SyncingOrg;
let account: string;
let scheduler: SyncScheduler;
let worker: DeliveryWorker;
/** The engine clock when each request reached the receiver (its signature's timestamp is checked against it). */
let receivedAt: number[];
beforeEach(async () => {
  t = await startTestEngine({ outboundAllowHosts: [receiver.host] });
  receiver.received.length = 0;
  receivedAt = [];
  receiver.answer = () => 200;
  org = await syncingOrg(t);
  account = await connectBamboo(t, org);
  scheduler = syncScheduler(t.engine, { workerId: 'wrk_scheduler' });
  worker = deliveryWorker(t.engine, { workerId: 'wrk_delivery', random: () => 0.5 });
});
afterEach(async () => { await t.close(); });

const db = () => t.engine.db;
/** Ticks until nothing is due; the attempts made. */
async function deliverDue(by: DeliveryWorker = worker): Promise<number> {
  let total = 0;
  for (let sent = await by.tick(); sent > 0; sent = await by.tick()) total += sent;
  return total;
}
const answering = (decide: (request: { webhookId: string; body: string }, n: number) => number) => {
  let n = 0;
  receiver.answer = (request) => { receivedAt.push(t.clock.now()); n += 1; return decide(request, n); };
};
const ids = () => receiver.received.map((r) => String(r.headers['webhook-id']));
const outboxOf = (runId?: string) => db().selectFrom('webhook_outbox').select(['id', 'webhook_id', 'record_key', 'record_id', 'state', 'attempts', 'run_id'])
  .$if(runId !== undefined, (q) => q.where('run_id', '=', runId!)).orderBy('id').execute();
const issuesNow = async () => (await t.call('POST', '/api/app.issue.data', { token: await sessionOf(t, org), body: {} })).body.msg.issues as Record<string, unknown>[];
const recordOf = (recordId: string) => db().selectFrom('webhook_records').select(['dispatch_status', 'status_code', 'status_message', 'retry_call_count', 'path'])
  .where('record_id', '=', recordId).executeTakeFirstOrThrow();

describe('delivery', () => {
  it('sends every changed record once, signed with the organisation secret, in order; later runs send only what changed', async () => {
    await registerWebhook(t, org.orgId, receiver.url);
    answering(() => 200);
    const [initial] = await scheduler.tick();
    const queued = await outboxOf(initial.runId);
    expect(await deliverDue()).toBe(queued.length);
    expect(ids()).toEqual(queued.map((o) => o.webhook_id));
    const secret = await orgSigningSecret(t, org.orgId);
    receiver.received.forEach((call, i) => expect(verifies(call, secret, receivedAt[i])).toBe(true));
    const events = receiver.received.map((r) => JSON.parse(r.body));
    expect(events.map((e) => e.eventData.employee_profile.id)).toEqual(queued.map((o) => o.record_key));
    expect(events.every((e) => e.event.eventType === 'record.new' && e.syncRunId === initial.runId && e.integrationId === account)).toBe(true);
    expect(await deliverDue()).toBe(0);

    // What the logs and syncs screens read: dispatched records, consumed sync records and events.
    expect(await recordOf(queued[0].record_id)).toEqual({ dispatch_status: 'dispatched', status_code: 200, status_message: 'OK', retry_call_count: 0, path: '/hooks/knit' });
    const run = await db().selectFrom('sync_runs').select(['events_triggered', 'events_consumed']).where('id', '=', initial.runId!).executeTakeFirstOrThrow();
    expect(run).toEqual({ events_triggered: queued.length, events_consumed: queued.length });
    const unconsumed = await db().selectFrom('sync_records').select('id').where('run_id', '=', initial.runId!).where('consumed_at', 'is', null).execute();
    expect(unconsumed).toEqual([]);
    const records = await t.call('POST', '/api/app.getWebhookRecords', { token: await sessionOf(t, org), body: { syncRunId: initial.runId } });
    expect(records.status, JSON.stringify(records.body)).toBe(200);
    expect(records.body.msg.logs.every((r: { dispatchStatus: string; statusCode: number }) => r.dispatchStatus === 'dispatched' && r.statusCode === 200)).toBe(true);
    const usage = await db().selectFrom('usage_daily').select(['events_emitted', 'events_consumed', 'webhook_errors']).where('integration_id', '=', account).execute();
    expect(usage.reduce((n, u) => n + u.events_emitted, 0)).toBe(queued.length);
    expect(usage.reduce((n, u) => n + u.events_consumed, 0)).toBe(queued.length);

    // Twelve days on: exactly the records the app changed, each once, with new webhook-ids.
    const before = await unifiedEmployees(t, org, account);
    t.clock.advance(12 * DAY);
    const after = await unifiedEmployees(t, org, account);
    const changed = [...after.keys()].filter((id) => JSON.stringify(before.get(id)) !== JSON.stringify(after.get(id)));
    expect(changed.length).toBeGreaterThan(0);
    receiver.received.length = 0;
    receivedAt = [];
    const [delta] = await scheduler.tick();
    expect(await deliverDue()).toBe(changed.length);
    expect(receiver.received.map((r) => JSON.parse(r.body).eventData.employee_profile.id).sort()).toEqual(changed.sort());
    expect(new Set(ids()).size).toBe(changed.length);
    expect(ids().some((id) => queued.some((o) => o.webhook_id === id))).toBe(false);
    receiver.received.forEach((call, i) => expect(verifies(call, secret, receivedAt[i])).toBe(true));
    expect((await outboxOf(delta.runId)).every((o) => o.state === 'dispatched')).toBe(true);
  });

  it('tries a failed delivery again with the same webhook-id, holds the later ones back, and resolves its issue once it succeeds', async () => {
    await registerWebhook(t, org.orgId, receiver.url);
    answering((_request, n) => (n <= 2 ? 503 : 200));
    const [run] = await scheduler.tick();
    const queued = await outboxOf(run.runId);
    const [head] = queued;

    const firstSecret = await orgSigningSecret(t, org.orgId);
    expect(await deliverDue()).toBe(1);
    expect(ids()).toEqual([head.webhook_id]);
    expect(await recordOf(head.record_id)).toMatchObject({ dispatch_status: 'pending', status_code: 503, retry_call_count: 0 });
    // A rotated secret signs the retries too.
    const rotated = await t.call('POST', '/api/app.rotateWebhookSigningSecret', { token: await sessionOf(t, org), body: {} });
    expect(rotated.status).toBe(200);
    expect(await issuesNow()).toEqual([expect.objectContaining({ errorType: 'WEBHOOK_DELIVERY_FAILED', logType: 'webhook', integrationId: account, resolved: false, issueCalls: 1 })]);
    // Nothing else goes before the retry is due (half the first ceiling with this jitter).
    t.clock.advance(retryCeilingMs(1) / 2 - 1);
    expect(await deliverDue()).toBe(0);
    t.clock.advance(1);
    expect(await deliverDue()).toBe(1);
    expect((await issuesNow())[0]).toMatchObject({ resolved: false, issueCalls: 2 });
    t.clock.advance(retryCeilingMs(2) / 2);
    expect(await deliverDue()).toBe(queued.length);

    expect(ids()).toEqual([head.webhook_id, head.webhook_id, ...queued.map((o) => o.webhook_id)]);
    const secret = rotated.body.msg.secret as string;
    expect(verifies(receiver.received[0], firstSecret, receivedAt[0])).toBe(true);
    receiver.received.slice(1).forEach((call, i) => {
      expect(verifies(call, secret, receivedAt[i + 1])).toBe(true);
      expect(verifies(call, firstSecret, receivedAt[i + 1])).toBe(false);
    });
    expect(receiver.received[0].body).toBe(receiver.received[2].body);
    expect(await recordOf(head.record_id)).toMatchObject({ dispatch_status: 'dispatched', status_code: 200, retry_call_count: 2 });
    expect((await outboxOf(run.runId))[0]).toMatchObject({ state: 'dispatched', attempts: 3 });
    expect(await issuesNow()).toEqual([expect.objectContaining({ errorType: 'WEBHOOK_DELIVERY_FAILED', resolved: true, issueCalls: 2 })]);
    const keys = await db().selectFrom('issues').select('outstanding_key').where('org_id', '=', org.orgId).execute();
    expect(keys).toEqual([{ outstanding_key: null }]);
  });

  it('raises endpoint not found on a 404, and gives a delivery up three days after its first attempt', async () => {
    await registerWebhook(t, org.orgId, receiver.url);
    answering((_request, n) => (n === 1 ? 404 : 500));
    const [run] = await scheduler.tick();
    const [head, second] = await outboxOf(run.runId);
    const start = t.clock.now();
    await deliverDue();
    expect(await issuesNow()).toEqual([expect.objectContaining({ errorType: 'WEBHOOK_ENDPOINT_NOT_FOUND', resolved: false })]);

    let attempts = 1;
    for (let state = 'pending'; state === 'pending';) {
      const row = await db().selectFrom('webhook_outbox').select(['next_attempt_at', 'state']).where('id', '=', head.id).executeTakeFirstOrThrow();
      t.clock.set(Math.max(t.clock.now(), Number(row.next_attempt_at)));
      attempts += await worker.tick();
      state = (await db().selectFrom('webhook_outbox').select('state').where('id', '=', head.id).executeTakeFirstOrThrow()).state;
    }
    expect(t.clock.now()).toBe(start + RETRY_WINDOW_MS);
    const given = await db().selectFrom('webhook_outbox').select(['state', 'attempts']).where('id', '=', head.id).executeTakeFirstOrThrow();
    expect(given.state).toBe('failed');
    expect(given.attempts).toBeGreaterThanOrEqual(10);
    expect(given.attempts).toBeLessThanOrEqual(25);
    expect(await recordOf(head.record_id)).toMatchObject({ dispatch_status: 'failed', status_code: 500, retry_call_count: given.attempts - 1 });
    // Given up, the next record goes at once.
    expect(ids().filter((id) => id === head.webhook_id)).toHaveLength(given.attempts);
    expect(ids().at(-1)).toBe(second.webhook_id);
    const issues = await issuesNow();
    expect(issues.map((i) => i.errorType).sort()).toEqual(['WEBHOOK_DELIVERY_FAILED', 'WEBHOOK_ENDPOINT_NOT_FOUND']);
    // The 500s of the head after its 404, and the next record's first one.
    expect(issues.find((i) => i.errorType === 'WEBHOOK_DELIVERY_FAILED')?.issueCalls).toBe(given.attempts);
  });

  // An account sends its next delivery once the receiver has answered, before the earlier one's
  // record is written (services/webhookDelivery.ts). A failure must still be written after the
  // success before it: that success resolves the endpoint's issues, and written later it would
  // resolve the issue the failure raised. A lock on the success's sync records holds its write
  // back while the next delivery fails (PostgreSQL: SQLite has one writer, whose lock would stop
  // both writes alike).
  it.runIf(!!process.env.DATABASE_URL)('writes a failure after the success sent before it, so the failure keeps its issue open', async () => {
    await registerWebhook(t, org.orgId, receiver.url);
    answering((_request, n) => (n === 1 || n === 3 ? 503 : 200));
    const [run] = await scheduler.tick();
    expect(await deliverDue()).toBe(1);
    expect(await issuesNow()).toEqual([expect.objectContaining({ errorType: 'WEBHOOK_DELIVERY_FAILED', resolved: false })]);
    t.clock.advance(retryCeilingMs(1) / 2);

    let release!: () => void;
    const released = new Promise<void>((resolve) => { release = resolve; });
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => { locked = resolve; });
    const holding = db().transaction().execute(async (trx) => {
      await sql`select id from sync_records where run_id = ${run.runId} for update`.execute(trx);
      locked();
      await released;
    });
    await isLocked;
    const delivering = deliverDue();
    while (receiver.received.length < 3) await new Promise((resolve) => setTimeout(resolve, 10));
    // Time for a failure that did not wait to be written.
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await holding;
    await delivering;

    const issues = await issuesNow();
    expect(issues.filter((i) => i.errorType === 'WEBHOOK_DELIVERY_FAILED').map((i) => i.resolved).sort()).toEqual([false, true]);
    const queue = await db().selectFrom('delivery_queues').select('failing').where('integration_id', '=', account).executeTakeFirstOrThrow();
    expect(queue.failing).toBe(1);
  });

  it('does not dispatch to a category without a webhook URL (stale), and sends again once a URL is saved and the sync restarted', async () => {
    const [run] = await scheduler.tick();
    const queued = await outboxOf(run.runId);
    expect(await deliverDue()).toBe(queued.length);
    expect(receiver.received).toEqual([]);
    expect((await outboxOf(run.runId)).every((o) => o.state === 'stale')).toBe(true);
    expect(await recordOf(queued[0].record_id)).toMatchObject({ dispatch_status: 'stale', status_code: null });
    expect(await issuesNow()).toEqual([expect.objectContaining({ errorType: 'WEBHOOK_NOT_DISPATCHED', logType: 'webhook', resolved: false, issueCalls: queued.length })]);
    const errors = await db().selectFrom('usage_daily').select('webhook_errors').where('integration_id', '=', account).execute();
    expect(errors.reduce((n, u) => n + u.webhook_errors, 0)).toBe(queued.length);

    await registerWebhook(t, org.orgId, receiver.url);
    await accountAction(t, org, account, 'restartSync', { syncPaused: false });
    const [again] = await scheduler.tick();
    expect(again).toMatchObject({ status: 'completed', changes: queued.length });
    expect(await deliverDue()).toBe(queued.length);
    expect(receiver.received.map((r) => JSON.parse(r.body).eventData.employee_profile.id)).toEqual(queued.map((o) => o.record_key));
    expect(await issuesNow()).toEqual([expect.objectContaining({ errorType: 'WEBHOOK_NOT_DISPATCHED', resolved: true })]);
  });
});

describe('delivery workers side by side', () => {
  it('never deliver one record twice, and keep each account in order', async () => {
    await registerWebhook(t, org.orgId, receiver.url);
    answering(() => 200);
    const others = await Promise.all(['b', 'c', 'd'].map((suffix) => connectBamboo(t, org, `globex-${suffix}`)));
    const scheduled = syncScheduler(t.engine, { workerId: 'wrk_scheduler', batch: 8 });
    expect((await scheduled.tick()).map((r) => r.status)).toEqual(['completed', 'completed', 'completed', 'completed']);
    const queued = await outboxOf();
    const workers = ['wrk_a', 'wrk_b', 'wrk_c'].map((workerId) => deliveryWorker(t.engine, { workerId, batch: 2 }));
    for (let round = 0; round < 1000; round += 1) {
      const sent = await Promise.all(workers.map((w) => w.tick()));
      if (sent.every((n) => n === 0)) break;
    }
    expect(ids().sort()).toEqual(queued.map((o) => o.webhook_id).sort());
    for (const integrationId of [account, ...others]) {
      const order = receiver.received.map((r) => JSON.parse(r.body)).filter((e) => e.integrationId === integrationId).map((e) => `msg_${String(e.id).slice(4)}`);
      const expected = (await db().selectFrom('webhook_outbox').select('webhook_id').where('integration_id', '=', integrationId).orderBy('id').execute()).map((o) => o.webhook_id);
      expect(order).toEqual(expected);
    }
  });
});
