import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { holdLease } from '../../../src/engine/services/leaseRenewal.ts';

// A worker's hold on its work: renewed every third of the lease while held; lost when another
// holder has it, or when no renewal got through for a whole lease.
beforeEach(() => { vi.useFakeTimers(); });
afterEach(() => { vi.useRealTimers(); });

describe('a held lease', () => {
  it('is renewed every third of its length until stopped', async () => {
    const renew = vi.fn(async () => true);
    const lease = holdLease(3_000, renew);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(renew).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(renew).toHaveBeenCalledTimes(3);
    lease.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(renew).toHaveBeenCalledTimes(3);
    expect(lease.lost).toBe(false);
  });

  it('is lost as soon as a renewal finds another holder', async () => {
    const lease = holdLease(3_000, async () => false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(lease.lost).toBe(true);
  });

  it('survives failed renewals within its length, and is lost once a whole lease passed without one', async () => {
    const errors: unknown[] = [];
    let reachable = true;
    const lease = holdLease(3_000, async () => {
      if (!reachable) throw new Error('database unreachable');
      return true;
    }, (error) => errors.push(error));
    await vi.advanceTimersByTimeAsync(1_000);
    reachable = false;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(lease.lost).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(lease.lost).toBe(true);
    expect(errors.length).toBeGreaterThan(0);
  });
});
