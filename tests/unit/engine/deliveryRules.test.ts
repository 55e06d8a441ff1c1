import { describe, expect, it } from 'vitest';
import { failureIssueOf, isDelivered, nextAttemptAt, retryCeilingMs, RETRY_WINDOW_MS } from '../../../src/engine/services/deliveryRules.ts';

// The retry schedule of webhook deliveries (exponential backoff, full jitter, three days) and what
// a failed attempt is.
const T = Date.UTC(2026, 10, 20);

describe('the retry schedule', () => {
  it('waits a random time up to 30 s doubling per attempt, capped at a day', () => {
    expect([1, 2, 3, 4, 12, 13, 20].map(retryCeilingMs)).toEqual([30_000, 60_000, 120_000, 240_000, 30_000 * 2 ** 11, 86_400_000, 86_400_000]);
    expect(nextAttemptAt(T, 1, T, () => 0.5)).toBe(T + 15_000);
    expect(nextAttemptAt(T, 3, T + 60_000, () => 0.999_999)).toBe(T + 60_000 + 119_999);
    // Never sooner than a second, whatever the jitter.
    expect(nextAttemptAt(T, 1, T, () => 0)).toBe(T + 1_000);
  });

  it('tries last at three days after the first attempt, then gives up', () => {
    expect(nextAttemptAt(T, 14, T + RETRY_WINDOW_MS - 3_600_000, () => 0.9)).toBe(T + RETRY_WINDOW_MS);
    expect(nextAttemptAt(T, 15, T + RETRY_WINDOW_MS, () => 0.9)).toBeUndefined();
  });

  it('spreads a whole failing delivery over about three days in about fifteen attempts', () => {
    let seed = 7;
    const random = () => { seed = (seed * 16807) % 2147483647; return seed / 2147483647; };
    const counts: number[] = [];
    for (let run = 0; run < 200; run += 1) {
      let attempts = 1;
      for (let at: number | undefined = T; at !== undefined; attempts += 1) at = nextAttemptAt(T, attempts, at, random);
      counts.push(attempts - 1);
    }
    const mean = counts.reduce((a, b) => a + b, 0) / counts.length;
    expect(mean).toBeGreaterThan(12);
    expect(mean).toBeLessThan(19);
  });
});

describe('an attempt', () => {
  it('delivered on a 2xx only', () => {
    expect([200, 202, 204, 299].map((status) => isDelivered({ status, statusMessage: '' }))).toEqual([true, true, true, true]);
    expect([0, 301, 400, 404, 500].map((status) => isDelivered({ status, statusMessage: '' }))).toEqual([false, false, false, false, false]);
  });

  it('raises endpoint not found on 404 and 410, timed out on a timeout, delivery failed otherwise', () => {
    expect(failureIssueOf({ status: 404, statusMessage: 'Not Found' })).toEqual({ type: 'WEBHOOK_ENDPOINT_NOT_FOUND', message: 'Webhook URL answered 404 Not Found' });
    expect(failureIssueOf({ status: 410, statusMessage: 'Gone' }).type).toBe('WEBHOOK_ENDPOINT_NOT_FOUND');
    expect(failureIssueOf({ status: 0, statusMessage: 'The webhook URL did not answer within 10 s', timedOut: true })).toEqual({ type: 'WEBHOOK_TIMEOUT', message: 'The webhook URL did not answer within 10 s' });
    expect(failureIssueOf({ status: 0, statusMessage: 'Could not connect to the webhook URL' })).toEqual({ type: 'WEBHOOK_DELIVERY_FAILED', message: 'Could not connect to the webhook URL' });
    expect(failureIssueOf({ status: 503, statusMessage: 'Service Unavailable' })).toEqual({ type: 'WEBHOOK_DELIVERY_FAILED', message: 'Webhook URL answered 503 Service Unavailable' });
  });
});
