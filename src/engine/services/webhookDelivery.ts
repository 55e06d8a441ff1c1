import type { EngineServices } from '../handlers/types.ts';
import {
  claimDueQueues, idleQueue, pendingHeads, queueEnqueued, releaseQueue, renewQueueLease, type ClaimedQueue, type OutboxHead,
} from '../repositories/webhookOutbox.ts';
import { savedWebhookUrl } from '../repositories/webhooks.ts';
import { DELIVERIES_PER_CLAIM, failureIssueOf, isDelivered, nextAttemptAt, QUEUE_LEASE_MS } from './deliveryRules.ts';
import { recordDispatched, recordFailedAttempt, recordStale } from './deliveryOutcomes.ts';
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
 * account's records in order, at least once.
 */
export interface DeliveryWorkerOptions {
  workerId: string;
  /** Accounts claimed per tick. */
  batch?: number;
  /** Stops sending: the current POSTs finish, their accounts are let go. */
  signal?: AbortSignal;
  /** [0, 1): the retries' jitter (tests pass a fixed one). */
  random?: () => number;
}

export interface DeliveryWorker {
  workerId: string;
  /** Claims due accounts and sends what is due; the number of attempts made. */
  tick(): Promise<number>;
}

const DEFAULT_BATCH = 16;

/** How long a drain reuses the URL and secret it read: a saved URL or a rotated secret applies within this. */
const TARGET_FRESH_MS = 1_000;

type Target = ({ kind: 'none' } | { kind: 'url'; url: URL | undefined; secret: string }) & { readAt: number };

export function deliveryWorker(services: EngineServices, options: DeliveryWorkerOptions): DeliveryWorker {
  const { db, clock } = services;
  const { workerId, signal } = options;
  const random = options.random ?? Math.random;

  /** Where an account's deliveries go and what signs them now. */
  async function targetOf(head: OutboxHead): Promise<Target> {
    const readAt = Date.now();
    const destination = await savedWebhookUrl(db, head.org_id, head.category);
    if (!destination) return { kind: 'none', readAt };
    let url: URL | undefined;
    try {
      url = new URL(destination);
    } catch {
      url = undefined;
    }
    const { secret } = await signingSecretOf(db, services.config.signingSecret, head.org_id, clock.now());
    return { kind: 'url', url, secret, readAt };
  }

  /** Makes one attempt and records it: whether the account's deliveries are failing after it, and whether this one is tried again. */
  async function send(head: OutboxHead, target: Target, failing: boolean): Promise<{ failing: boolean; retrying: boolean }> {
    const event = JSON.parse(head.payload_json) as { integrationId?: string; originOrgId?: string };
    const originOrgId = event.originOrgId ?? '';
    const startedAt = clock.now();
    if (target.kind === 'none') {
      await recordStale(services, { head, originOrgId, now: startedAt });
      return { failing: true, retrying: false };
    }
    const { url, secret } = target;
    const answer = url
      ? await postSignedEvent({ url, webhookId: head.webhook_id, payload: event, signingSecret: secret, now: startedAt, policy: services.config })
      : { status: 0, statusMessage: 'The webhook URL is not a URL' };
    const now = clock.now();
    const attempt = {
      head, originOrgId, startedAt, now, statusCode: answer.status === 0 ? null : answer.status, statusMessage: answer.statusMessage, path: url?.pathname ?? '',
    };
    if (isDelivered(answer)) {
      await recordDispatched(services, attempt, failing);
      return { failing: false, retrying: false };
    }
    const next = nextAttemptAt(head.first_attempt_at ?? startedAt, head.attempts + 1, now, random);
    await recordFailedAttempt(services, attempt, failureIssueOf(answer), next);
    return { failing: true, retrying: next !== undefined };
  }

  /** Sends the claimed account's due deliveries in order, then lets the account go. */
  async function drain(queue: ClaimedQueue): Promise<number> {
    const id = queue.integration_id;
    let enqueued = queue.enqueued;
    let failing = queue.failing === 1;
    let sent = 0;
    let target: Target | undefined;
    let leaseUntil = clock.now() + QUEUE_LEASE_MS;
    for (;;) {
      // The next deliveries in order (only this worker sends them while it holds the account).
      const heads = await pendingHeads(db, id, Math.max(1, DELIVERIES_PER_CLAIM - sent));
      if (heads.length === 0) {
        if (await idleQueue(db, id, workerId, enqueued, clock.now())) return sent;
        // A run added deliveries since the claim: look again.
        enqueued = (await queueEnqueued(db, id)) ?? enqueued;
        continue;
      }
      for (const head of heads) {
        const now = clock.now();
        if (head.next_attempt_at > now || sent >= DELIVERIES_PER_CLAIM || signal?.aborted) {
          await releaseQueue(db, id, workerId, Math.max(head.next_attempt_at, now), now);
          return sent;
        }
        if (!target || Date.now() - target.readAt > TARGET_FRESH_MS) target = await targetOf(head);
        const outcome = await send(head, target, failing);
        failing = outcome.failing;
        sent += 1;
        // Renewed once half the lease is gone, so a slow receiver never outlasts it.
        if (clock.now() > leaseUntil - QUEUE_LEASE_MS / 2) {
          leaseUntil = clock.now() + QUEUE_LEASE_MS;
          if (!(await renewQueueLease(db, id, workerId, leaseUntil))) return sent;
        }
        // A delivery to try again holds back the ones after it: read its next try.
        if (outcome.retrying) break;
      }
    }
  }

  return {
    workerId,
    async tick() {
      if (signal?.aborted) return 0;
      const claimed = await claimDueQueues(db, workerId, clock.now(), QUEUE_LEASE_MS, options.batch ?? DEFAULT_BATCH);
      const results = await Promise.allSettled(claimed.map(drain));
      const faults = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason as unknown);
      // An account whose drain broke stays claimed until its lease passes, then is tried again.
      if (faults.length > 0) throw new AggregateError(faults, `${faults.length} of ${claimed.length} accounts' deliveries failed`);
      return results.reduce((sum, r) => sum + (r.status === 'fulfilled' ? r.value : 0), 0);
    },
  };
}
