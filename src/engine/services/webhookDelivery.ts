import { isPostgres } from '../db/dialect.ts';
import type { EngineServices } from '../handlers/types.ts';
import {
  claimDueQueues, idleQueue, pendingHeads, queueEnqueued, releaseQueue, renewQueueLease, type ClaimedQueue, type OutboxHead,
} from '../repositories/webhookOutbox.ts';
import { savedWebhookUrl } from '../repositories/webhooks.ts';
import { DELIVERIES_PER_CLAIM, failureIssueOf, isDelivered, nextAttemptAt } from './deliveryRules.ts';
import { recordAllDispatched, recordFailedAttempt, recordStale, type Delivered } from './deliveryOutcomes.ts';
import { groupCommit } from './groupCommit.ts';
import { holdLease } from './leaseRenewal.ts';
import { postSignedEvent } from './webhookSender.ts';
import { signingSecretOf } from './webhookSigningSecret.ts';

/*
 * The delivery worker: each tick claims the accounts whose first pending delivery is due (one
 * statement, repositories/webhookOutbox.ts), and for each account sends its deliveries
 * one at a time in order: the category's registered webhook URL gets the event signed per
 * Standard Webhooks with the organisation's secret (services/webhookSender.ts, the one way a
 * webhook leaves the engine: its outbound address check, 10 s timeout, and the delivery's own
 * webhook-id on every attempt). No transaction is open while a POST is in flight: the claim is
 * one statement, the attempt's outcome another transaction. A failed delivery holds its account's
 * later ones until it is delivered or given up (services/deliveryRules.ts), so a receiver gets an
 * account's records in order, at least once. The worker holds an account by a lease it renews
 * while it sends (services/leaseRenewal.ts): a worker that dies mid-delivery loses the account
 * once the lease lapses, and the next holder sends again what was sent but not yet recorded, with
 * the same webhook-id.
 */
export interface DeliveryWorkerOptions {
  workerId: string;
  /** Accounts claimed per tick. */
  batch?: number;
  /** Stops sending: the current POSTs finish, their accounts are let go. */
  signal?: AbortSignal;
  /** [0, 1): the retries' jitter (tests pass a fixed one). */
  random?: () => number;
  /** A lease renewal that failed (the database did not answer); the lease is tried again. */
  onLeaseError?: (error: unknown) => void;
}

export interface DeliveryWorker {
  workerId: string;
  /** Claims due accounts and sends what is due; the number of attempts made. */
  tick(): Promise<number>;
}

/**
 * Accounts a worker drains at once. Their delivered attempts share transactions (group commit), so
 * more accounts at once cost fewer commits a delivery: on the 2-core bench machine 16 gave about
 * 1,050 deliveries a second on SQLite, 32 between 1,800 and 2,400 (bench/results.md).
 */
export const ACCOUNTS_PER_TICK = 32;

/**
 * Deliveries of one account that may be sent while earlier ones of it wait for their group commit,
 * on PostgreSQL. Sending the next once the receiver has answered the previous keeps the account's
 * order; waiting for the commit too made each account wait for a whole write (several round
 * trips) between two sends, which bounded the rate by the write's latency rather than by CPU
 * (1,184 -> 1,830-1,900 deliveries a second in the same conditions). A killed worker can thus
 * leave up to this many per account sent but unrecorded: the next holder sends them again with
 * the same webhook-id. Failures and stale records are written only after every earlier success of
 * the account, so an issue a failure raises is never resolved by an earlier success. SQLite's
 * writes are synchronous and take no round trip: there it only split the group commits into more,
 * smaller ones (1,500-1,570 -> 1,410-1,420 a second), so an account waits for each of its writes.
 */
export const UNRECORDED_PER_ACCOUNT = { postgres: 8, sqlite: 1 } as const;

/** How long the accounts drained in a tick reuse the URL and secret read for them: a saved URL or a rotated secret applies within this. */
const TARGET_FRESH_MS = 1_000;

type Target = { kind: 'none' } | { kind: 'url'; url: URL | undefined; secret: string };

export function deliveryWorker(services: EngineServices, options: DeliveryWorkerOptions): DeliveryWorker {
  const { db, clock } = services;
  const { workerId, signal } = options;
  const random = options.random ?? Math.random;
  const leaseMs = services.config.workerLeaseMs;
  const unrecordedPerAccount = UNRECORDED_PER_ACCOUNT[isPostgres(db) ? 'postgres' : 'sqlite'];
  // The accounts drained at once record their delivered attempts together (services/groupCommit.ts);
  // on PostgreSQL an account goes on sending while up to UNRECORDED_PER_ACCOUNT of its own wait to be written.
  // One write at a time on both databases: a write costs the same few statements whatever it
  // carries, so the attempts that arrive meanwhile wait for the next one. On PostgreSQL three
  // writers at once carried 6 attempts each and cost 0.62 ms of worker and 0.45 ms of PostgreSQL
  // CPU a delivery, one writer 15 each and 0.56 and 0.30 ms, at the same rate (bench/deliveryRate.ts).
  const dispatched = groupCommit<Delivered>((items) => recordAllDispatched(services, items));

  /** Where an account's deliveries go and what signs them now. */
  async function targetOf(head: OutboxHead): Promise<Target> {
    const destination = await savedWebhookUrl(db, head.org_id, head.category);
    if (!destination) return { kind: 'none' };
    let url: URL | undefined;
    try {
      url = new URL(destination);
    } catch {
      url = undefined;
    }
    const { secret } = await signingSecretOf(db, services.config.signingSecret, head.org_id, clock.now());
    return { kind: 'url', url, secret };
  }

  // The targets read in the last TARGET_FRESH_MS, per organisation and category: the accounts
  // drained in one tick share them (an organisation's accounts of a category go to one URL); each
  // tick reads them afresh, as a claim did when each account read its own.
  const targets = new Map<string, { readAt: number; target: Promise<Target> }>();
  function targetFor(head: OutboxHead): Promise<Target> {
    const key = `${head.org_id}\n${head.category}`;
    const known = targets.get(key);
    if (known && Date.now() - known.readAt <= TARGET_FRESH_MS) return known.target;
    const target = targetOf(head);
    targets.set(key, { readAt: Date.now(), target });
    // A read that failed is not kept: the next delivery reads again.
    target.catch(() => { if (targets.get(key)?.target === target) targets.delete(key); });
    return target;
  }

  /**
   * Makes one attempt and records it: whether the account's deliveries are failing after it, and
   * whether this one is tried again. A delivered attempt is recorded with others (`recorded`
   * settles when it is written); any other outcome is written once `recordedBefore` has settled
   * the account's earlier ones.
   */
  async function send(head: OutboxHead, target: Target, failing: boolean, recordedBefore: () => Promise<void>): Promise<{ failing: boolean; retrying: boolean; recorded?: Promise<void> }> {
    const event = JSON.parse(head.payload_json) as { integrationId?: string; originOrgId?: string };
    const originOrgId = event.originOrgId ?? '';
    const startedAt = clock.now();
    if (target.kind === 'none') {
      await recordedBefore();
      await recordStale(services, { head, originOrgId, now: startedAt });
      return { failing: true, retrying: false };
    }
    const { url, secret } = target;
    const answer = url
      ? await postSignedEvent({ url, webhookId: head.webhook_id, payload: event, signingSecret: secret, now: startedAt, policy: services.config, reuseConnection: true })
      : { status: 0, statusMessage: 'The webhook URL is not a URL' };
    const now = clock.now();
    const attempt = {
      head, originOrgId, startedAt, now, statusCode: answer.status === 0 ? null : answer.status, statusMessage: answer.statusMessage, path: url?.pathname ?? '',
    };
    if (isDelivered(answer)) return { failing: false, retrying: false, recorded: dispatched.add({ attempt, wasFailing: failing }) };
    const next = nextAttemptAt(head.first_attempt_at ?? startedAt, head.attempts + 1, now, random);
    await recordedBefore();
    await recordFailedAttempt(services, attempt, failureIssueOf(answer), next);
    return { failing: true, retrying: next !== undefined };
  }

  /** Sends the claimed account's due deliveries in order, then lets the account go. */
  async function drain(queue: ClaimedQueue): Promise<number> {
    const id = queue.integration_id;
    // Held while the deliveries go out; once lost, another worker has the account: send nothing more.
    const lease = holdLease(leaseMs, () => renewQueueLease(db, id, workerId, clock.now() + leaseMs), options.onLeaseError);
    // Sent and delivered, not yet written: settled before the account's heads are read again or
    // it is let go, so a delivery is never read as pending while its record is on its way.
    const unrecorded: Promise<void>[] = [];
    const recorded = async () => {
      while (unrecorded.length > 0) await unrecorded.shift();
    };
    try {
      let enqueued = queue.enqueued;
      let failing = queue.failing === 1;
      let sent = 0;
      for (;;) {
        // The next deliveries in order (only this worker sends them while it holds the account).
        await recorded();
        const heads = await pendingHeads(db, id, Math.max(1, DELIVERIES_PER_CLAIM - sent));
        if (heads.length === 0) {
          if (await idleQueue(db, id, workerId, enqueued, clock.now())) return sent;
          // A run added deliveries since the claim: look again.
          enqueued = (await queueEnqueued(db, id)) ?? enqueued;
          continue;
        }
        for (const head of heads) {
          if (lease.lost) {
            await recorded();
            return sent;
          }
          const now = clock.now();
          if (head.next_attempt_at > now || sent >= DELIVERIES_PER_CLAIM || signal?.aborted) {
            await recorded();
            await releaseQueue(db, id, workerId, { nextAttemptAt: Math.max(head.next_attempt_at, now), enqueuedSeen: enqueued, now });
            return sent;
          }
          const outcome = await send(head, await targetFor(head), failing, recorded);
          if (outcome.recorded) {
            // Its failure is thrown when awaited below; until then it must not count as unhandled.
            outcome.recorded.catch(() => {});
            unrecorded.push(outcome.recorded);
            if (unrecorded.length >= unrecordedPerAccount) await unrecorded.shift();
          }
          failing = outcome.failing;
          sent += 1;
          // A delivery to try again holds back the ones after it: read its next try.
          if (outcome.retrying) break;
        }
      }
    } finally {
      // A drain that broke still lets its recorded deliveries finish before the lease stops.
      await Promise.allSettled(unrecorded);
      lease.stop();
    }
  }

  return {
    workerId,
    async tick() {
      if (signal?.aborted) return 0;
      targets.clear();
      const claimed = await claimDueQueues(db, workerId, clock.now(), leaseMs, options.batch ?? ACCOUNTS_PER_TICK);
      const results = await Promise.allSettled(claimed.map(drain));
      const faults = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason as unknown);
      // An account whose drain broke stays claimed until its lease passes, then is tried again.
      if (faults.length > 0) throw new AggregateError(faults, `${faults.length} of ${claimed.length} accounts' deliveries failed`);
      return results.reduce((sum, r) => sum + (r.status === 'fulfilled' ? r.value : 0), 0);
    },
  };
}
