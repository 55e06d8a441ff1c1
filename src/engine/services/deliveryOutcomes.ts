import type { EngineServices } from '../handlers/types.ts';
import { markRecordsConsumed, updateWebhookRecord, updateWebhookRecords } from '../repositories/deliveryLogs.ts';
import { raiseIssue, resolveCategoryIssues } from '../repositories/outstandingIssues.ts';
import { accountToSync, forgetSnapshotRecord } from '../repositories/syncRunWrites.ts';
import { addDailyUsage, addDailyUsages } from '../repositories/usage.ts';
import { recordAttempt, recordAttempts, setQueueFailing, setQueuesFailing, type OutboxHead } from '../repositories/webhookOutbox.ts';
import { issueData, type IssueType } from '../../shared/issueTypes.ts';
import { startOfUtcDay } from '../../shared/timeWindows.ts';
import { DELIVERY_ISSUE_TYPES, NOT_DISPATCHED_MESSAGE } from './deliveryRules.ts';

/*
 * What a delivery attempt leaves behind, written in one transaction after the POST (never while
 * it is in flight): the outbox row's state, the record's webhook record as the webhook logs show
 * it (dispatched, pending while retried, failed once given up, stale when not dispatched, with its
 * retry count), the account's usage of the day, and the issues: a failed attempt adds to the
 * account's outstanding issue of its kind (delivery failed, timed out, endpoint not found), a
 * record not dispatched raises that issue, and the first success after failures resolves the
 * endpoint's delivery issues (the category's accounts').
 */
export interface Attempt {
  head: OutboxHead;
  /** The account's origin organisation (from the event). */
  originOrgId: string;
  /** When the attempt started and ended, engine clock. */
  startedAt: number;
  now: number;
  statusCode: number | null;
  statusMessage: string;
  /** The webhook URL's path the attempt went to. */
  path: string;
}

const dayOf = (attempt: { head: OutboxHead; originOrgId: string; now: number }) => ({
  org_id: attempt.head.org_id, origin_org_id: attempt.originOrgId, integration_id: attempt.head.integration_id, day: startOfUtcDay(attempt.now),
});

export interface Delivered {
  attempt: Attempt;
  /** The account's deliveries were failing before this one: its endpoint's issues resolve now. */
  wasFailing: boolean;
}

const compare = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
const byCustomerAndAccount = ({ attempt: x }: Delivered, { attempt: y }: Delivered) =>
  compare(x.head.org_id, y.head.org_id) || compare(x.originOrgId, y.originOrgId) || compare(x.head.integration_id, y.head.integration_id);

/**
 * Delivered attempts of several accounts in one transaction (the delivery worker's group commit),
 * each table written once whatever their number: the outbox rows, the webhook records, the sync
 * records consumed and their runs, the usage of the day, and, for accounts that were failing,
 * their endpoints' issues resolved and their queues no longer failing. The rows that accounts
 * share (the usage totals kept per end customer) are changed in one order every process shares
 * (organisation, day, end customer, account), and the issues resolved last, so two writers on
 * PostgreSQL never wait for each other in a cycle.
 */
export async function recordAllDispatched(services: EngineServices, delivered: readonly Delivered[]): Promise<void> {
  const ordered = [...delivered].sort(byCustomerAndAccount);
  const attempts = ordered.map(({ attempt }) => attempt);
  const failing = ordered.filter((d) => d.wasFailing).map(({ attempt }) => attempt);
  await services.db.transaction().execute(async (trx) => {
    await recordAttempts(trx, attempts.map(({ head, startedAt, now, statusCode, statusMessage }) => ({
      id: head.id, state: 'dispatched', attempts: head.attempts + 1, firstAttemptAt: head.first_attempt_at ?? startedAt, nextAttemptAt: head.next_attempt_at, statusCode, statusMessage, now,
    })));
    await updateWebhookRecords(trx, attempts.map(({ head, statusCode, statusMessage, path }) => ({
      recordId: head.record_id, requestTs: head.record_ts, statusCode, statusMessage, retryCallCount: head.attempts, dispatchStatus: 'dispatched', path,
    })));
    await markRecordsConsumed(trx, attempts.map(({ head, now }) => ({ runId: head.run_id, auditId: head.audit_id, auditTs: head.audit_ts, at: now })));
    await addDailyUsages(trx, attempts.map((attempt) => ({ ...dayOf(attempt), events_emitted: 1, events_consumed: 1 })));
    // An endpoint's issues resolve once, however many of its accounts were failing.
    const endpoints = new Map(failing.map((attempt) => [`${attempt.head.org_id}\n${attempt.head.category}`, attempt]));
    for (const { head, now } of endpoints.values()) await resolveCategoryIssues(trx, head.org_id, head.category, 'webhook', DELIVERY_ISSUE_TYPES, now);
    await setQueuesFailing(trx, failing.map(({ head }) => head.integration_id), false);
  });
}

/** A failed attempt: tried again at `nextAttemptAt`, or given up without one. */
export async function recordFailedAttempt(services: EngineServices, attempt: Attempt, failure: { type: IssueType; message: string }, nextAttemptAt: number | undefined): Promise<void> {
  const { head, now } = attempt;
  const attempts = head.attempts + 1;
  const givenUp = nextAttemptAt === undefined;
  const account = await accountToSync(services.db, head.integration_id);
  await services.db.transaction().execute(async (trx) => {
    await recordAttempt(trx, head.id, {
      state: givenUp ? 'failed' : 'pending', attempts, firstAttemptAt: head.first_attempt_at ?? attempt.startedAt, nextAttemptAt: nextAttemptAt ?? head.next_attempt_at,
      statusCode: attempt.statusCode, statusMessage: attempt.statusMessage, now,
    });
    await updateWebhookRecord(trx, { recordId: head.record_id, requestTs: head.record_ts }, {
      statusCode: attempt.statusCode, statusMessage: attempt.statusMessage, retryCallCount: attempts - 1, dispatchStatus: givenUp ? 'failed' : 'pending', path: attempt.path,
    });
    const message = givenUp ? `${failure.message}; given up after ${attempts} attempts` : failure.message;
    const opened = await raiseIssue(trx, issueOf(head, account, attempt.originOrgId, failure.type, message, attempt.statusCode, now));
    await addDailyUsage(trx, { ...dayOf(attempt), issues: opened ? 1 : 0, ...(givenUp ? { events_emitted: 1, webhook_errors: 1 } : {}) });
    await setQueueFailing(trx, head.integration_id, true);
  });
}

/**
 * The category has no webhook URL: the record is not dispatched (stale), its issue raised, and
 * the job forgets the record, so that a restart of the sync once a URL is saved sends it again.
 */
export async function recordStale(services: EngineServices, target: { head: OutboxHead; originOrgId: string; now: number }): Promise<void> {
  const { head, now } = target;
  const account = await accountToSync(services.db, head.integration_id);
  await services.db.transaction().execute(async (trx) => {
    await recordAttempt(trx, head.id, { state: 'stale', attempts: head.attempts, firstAttemptAt: head.first_attempt_at, nextAttemptAt: head.next_attempt_at, statusCode: null, statusMessage: NOT_DISPATCHED_MESSAGE, now });
    await updateWebhookRecord(trx, { recordId: head.record_id, requestTs: head.record_ts }, { statusCode: null, statusMessage: NOT_DISPATCHED_MESSAGE, retryCallCount: Math.max(0, head.attempts - 1), dispatchStatus: 'stale' });
    const opened = await raiseIssue(trx, issueOf(head, account, target.originOrgId, 'WEBHOOK_NOT_DISPATCHED', NOT_DISPATCHED_MESSAGE, null, now));
    await addDailyUsage(trx, { ...dayOf(target), issues: opened ? 1 : 0, webhook_errors: 1 });
    await forgetSnapshotRecord(trx, head.job_id, head.record_key, head.event_type);
    await setQueueFailing(trx, head.integration_id, true);
  });
}

function issueOf(head: OutboxHead, account: Awaited<ReturnType<typeof accountToSync>>, originOrgId: string, type: IssueType, message: string, statusCode: number | null, now: number) {
  return {
    org_id: head.org_id, date: now, error_type: type, log_type: 'webhook' as const, error_data_str: issueData(type, message, statusCode ?? 0, now),
    error_message: message, origin_org_id: originOrgId, organization: account?.origin_org_name ?? '', app_id: account?.app_id ?? '',
    app_label: account?.app_label ?? '', integration_id: head.integration_id, execution_id: null, issue_calls: 1,
  };
}
