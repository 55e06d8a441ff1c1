import type { IssueType } from '../../shared/issueTypes.ts';
import { DAY_MS } from '../../shared/timeWindows.ts';
import type { WebhookAnswer } from './webhookSender.ts';

/*
 * When a webhook delivery is tried again, and what a failed attempt is.
 *
 * Retries back off exponentially with full jitter: after attempt n the next one waits a random
 * time up to 30 s × 2^(n-1), at most 24 h (never less than a second), for three days from the
 * first attempt; the last try is at the three-day mark, after which the delivery is given up
 * (failed). That is about 15 attempts over the three days; a receiver that comes back is reached
 * within about as long as it was away.
 */
export const RETRY_BASE_MS = 30_000;
export const RETRY_CAP_MS = DAY_MS;
export const RETRY_WINDOW_MS = 3 * DAY_MS;
const MIN_WAIT_MS = 1_000;

/** The longest wait after attempt `attempts` (1 for the first). */
export const retryCeilingMs = (attempts: number): number => Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));

/** When to try again after a failed attempt, or undefined to give up. `random` is in [0, 1). */
export function nextAttemptAt(firstAttemptAt: number, attempts: number, now: number, random: () => number = Math.random): number | undefined {
  const deadline = firstAttemptAt + RETRY_WINDOW_MS;
  if (now >= deadline) return undefined;
  const wait = Math.max(MIN_WAIT_MS, Math.floor(random() * retryCeilingMs(attempts)));
  return Math.min(deadline, now + wait);
}

/** A 2xx answer delivered the event; anything else (a redirect included: none is followed) did not. */
export const isDelivered = (answer: WebhookAnswer): boolean => answer.status >= 200 && answer.status < 300;

/** The issue a failed attempt raises (or adds to). */
export function failureIssueOf(answer: WebhookAnswer): { type: IssueType; message: string } {
  if (answer.status === 404 || answer.status === 410) return { type: 'WEBHOOK_ENDPOINT_NOT_FOUND', message: `Webhook URL answered ${answer.status} ${answer.statusMessage}` };
  if (answer.timedOut) return { type: 'WEBHOOK_TIMEOUT', message: answer.statusMessage };
  if (answer.status === 0) return { type: 'WEBHOOK_DELIVERY_FAILED', message: answer.statusMessage };
  return { type: 'WEBHOOK_DELIVERY_FAILED', message: `Webhook URL answered ${answer.status} ${answer.statusMessage}` };
}

/** Issues a successful delivery to the endpoint resolves. */
export const DELIVERY_ISSUE_TYPES: readonly IssueType[] = ['WEBHOOK_DELIVERY_FAILED', 'WEBHOOK_TIMEOUT', 'WEBHOOK_ENDPOINT_NOT_FOUND', 'WEBHOOK_NOT_DISPATCHED'];

export const NOT_DISPATCHED_MESSAGE = 'No webhook URL is registered for the category: the event was not dispatched';

/** Deliveries one claim sends before the account goes back in line, so every account gets a turn. */
export const DELIVERIES_PER_CLAIM = 50;
