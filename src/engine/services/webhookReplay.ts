import type { EngineServices } from '../handlers/types.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { findWebhookRecord } from '../repositories/logs.ts';
import { updateSnapshot } from '../repositories/syncRunWrites.ts';
import { enqueueDueNow } from '../repositories/webhookOutbox.ts';
import {
  claimReplays, countReplayable, deliveryOfRecord, existingJobs, isRunOfOrg, markRecordsReplayed, type ClaimedReplay, type FinishedState, type ReplayScope,
} from '../repositories/webhookReplays.ts';
import { REPLAY_LIMIT, REPLAY_RANGE_DAYS, REPLAY_RANGE_MS } from '../../shared/webhookReplay.ts';
import { contentHashOf } from './syncEvents.ts';

/*
 * Replay of webhook deliveries: a finished delivery (dispatched, failed, or not dispatched) becomes
 * due again as it is, the same outbox row with its original webhook-id and event, and the delivery
 * worker sends it like any delivery (services/webhookDelivery.ts: signed with the current secret,
 * in the account's order, no transaction open during the POST, issues raised or resolved by the
 * outcome). One transaction claims the rows (a conditional UPDATE per state: a row being sent, or
 * already replayed and not yet sent, is not taken again), marks their webhook records as replayed,
 * gives the jobs' snapshots the replayed data, and makes the accounts' queues due now.
 *
 * The snapshot is what the job believes the customer has, and after a replay the customer has the
 * replayed version: the next run then sends whatever differs from it (an old version replayed is
 * followed by the current one), and a record the engine forgot because it was not dispatched is
 * not sent a second time under a new webhook-id.
 *
 * A bulk call takes at most REPLAY_LIMIT deliveries and refuses more, so that it stays one short
 * transaction.
 */

export interface ReplayResult {
  dryRun: boolean;
  count: number;
  notDispatched: number;
}

/** In bulk only deliveries that did not arrive are replayed; a dispatched one only on its own. */
const BULK_STATES: readonly FinishedState[] = ['stale', 'failed'];
const SINGLE_STATES: readonly FinishedState[] = ['stale', 'failed', 'dispatched'];

export async function replayRecord(services: EngineServices, orgId: string, request: { runId: string; recordId: string; dryRun: boolean }): Promise<ReplayResult> {
  const { db } = services;
  const scope: ReplayScope = { kind: 'record', orgId, runId: request.runId, recordId: request.recordId };
  const delivery = await deliveryOfRecord(db, orgId, request.runId, request.recordId);
  if (!delivery) {
    if (!(await findWebhookRecord(db, orgId, { syncRunId: request.runId, recordId: request.recordId }))) throw notFound('Webhook record not found');
    throw conflict('This record was never queued for delivery, so there is nothing to replay');
  }
  const counts = await countReplayable(db, scope, SINGLE_STATES, 1);
  if (total(counts) === 0) throw whyNotReplayable(delivery);
  if (request.dryRun) return { dryRun: true, count: 1, notDispatched: counts.stale };
  const result = await claim(services, scope, SINGLE_STATES, 1);
  // Taken meanwhile by another replay, or its URL removed.
  if (result.count === 0) throw whyNotReplayable((await deliveryOfRecord(db, orgId, request.runId, request.recordId)) ?? delivery);
  return result;
}

export async function replayRun(services: EngineServices, orgId: string, request: { runId: string; iterationId?: string; dryRun: boolean }): Promise<ReplayResult> {
  if (!(await isRunOfOrg(services.db, orgId, request.runId))) throw notFound('Sync run not found');
  const scope: ReplayScope = { kind: 'run', orgId, runId: request.runId, ...(request.iterationId ? { iterationId: request.iterationId } : {}) };
  return replayBulk(services, scope, request.dryRun, () =>
    badRequest(`More than ${LIMIT_TEXT} failed deliveries: replay at most ${LIMIT_TEXT} at once (one iteration at a time)`, 'syncRunId'));
}

export interface RangeRequest {
  start: number;
  end: number;
  category?: string;
  originOrgId?: string;
  integrationId?: string;
  dryRun: boolean;
}

export async function replayRange(services: EngineServices, orgId: string, request: RangeRequest): Promise<ReplayResult> {
  if (request.end < request.start) throw badRequest('The end of the time range must not be before its start', 'end');
  if (request.end - request.start > REPLAY_RANGE_MS) throw badRequest(`The time range must not span more than ${REPLAY_RANGE_DAYS} days`, 'end');
  const scope: ReplayScope = {
    kind: 'range', orgId, start: request.start, end: request.end,
    ...(request.category ? { category: request.category } : {}),
    ...(request.originOrgId ? { originOrgId: request.originOrgId } : {}),
    ...(request.integrationId ? { integrationId: request.integrationId } : {}),
  };
  return replayBulk(services, scope, request.dryRun, () =>
    badRequest(`More than ${LIMIT_TEXT} failed deliveries in this time range: narrow it to replay at most ${LIMIT_TEXT} at once`, 'start'));
}

const LIMIT_TEXT = REPLAY_LIMIT.toLocaleString('en-US');
const total = (counts: Record<FinishedState, number>) => counts.dispatched + counts.failed + counts.stale;

async function replayBulk(services: EngineServices, scope: ReplayScope, dryRun: boolean, tooMany: () => Error): Promise<ReplayResult> {
  const counts = await countReplayable(services.db, scope, BULK_STATES, REPLAY_LIMIT);
  if (total(counts) > REPLAY_LIMIT) throw tooMany();
  if (dryRun) return { dryRun: true, count: total(counts), notDispatched: counts.stale };
  return claim(services, scope, BULK_STATES, REPLAY_LIMIT);
}

/** Claims, marks and enqueues the scope's replayable rows in one transaction (no network inside). */
async function claim(services: EngineServices, scope: ReplayScope, states: readonly FinishedState[], limit: number): Promise<ReplayResult> {
  const now = services.clock.now();
  return services.db.transaction().execute(async (trx) => {
    const claimed: ClaimedReplay[] = [];
    let notDispatched = 0;
    for (const state of states) {
      const rows = await claimReplays(trx, scope, state, now, limit - claimed.length);
      if (state === 'stale') notDispatched = rows.length;
      claimed.push(...rows);
    }
    if (claimed.length === 0) return { dryRun: false, count: 0, notDispatched: 0 };
    claimed.sort((a, b) => a.id - b.id);
    await markRecordsReplayed(trx, claimed, now);
    await keepReplayedInSnapshots(trx, claimed);
    const accounts = new Map(claimed.map((row) => [row.integration_id, row.org_id]));
    for (const [integrationId, orgId] of accounts) await enqueueDueNow(trx, { integrationId, orgId, now });
    return { dryRun: false, count: claimed.length, notDispatched };
  });
}

/**
 * Each replayed record's job snapshot takes the data the replay sends (a deletion leaves it); of
 * several replays of one record, the last in delivery order, which the customer gets last.
 */
async function keepReplayedInSnapshots(db: Parameters<typeof updateSnapshot>[0], claimed: readonly ClaimedReplay[]): Promise<void> {
  const jobs = await existingJobs(db, [...new Set(claimed.map((row) => row.job_id))]);
  const latest = new Map<string, Map<string, ClaimedReplay>>();
  for (const row of claimed) {
    if (!jobs.has(row.job_id)) continue;
    const records = latest.get(row.job_id) ?? new Map<string, ClaimedReplay>();
    records.set(row.record_key, row);
    latest.set(row.job_id, records);
  }
  for (const [jobId, records] of latest) {
    const rows = [...records.values()];
    await updateSnapshot(db, jobId, {
      upserts: rows.filter((row) => row.event_type !== 'record.deleted').map((row) => ({ key: row.record_key, hash: contentHashOf(eventDataOf(row)) })),
      deletedKeys: rows.filter((row) => row.event_type === 'record.deleted').map((row) => row.record_key),
    });
  }
}

/** The event data a delivery sends: what the run hashed for the record (services/syncEvents.ts). */
const eventDataOf = (row: ClaimedReplay): unknown => (JSON.parse(row.payload_json) as { eventData?: unknown }).eventData;

/** The refusal that says why one record's delivery is not replayable now. */
function whyNotReplayable(delivery: { state: string; category: string }): Error {
  if (delivery.state === 'pending') return conflict('This delivery is pending: it is being sent or waits for its next try');
  return conflict(`No webhook URL is registered for ${delivery.category}: save one on API Keys & Webhooks, then replay`);
}
