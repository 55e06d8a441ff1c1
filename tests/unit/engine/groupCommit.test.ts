import { describe, expect, it } from 'vitest';
import { groupCommit } from '../../../src/engine/services/groupCommit.ts';

// The delivery worker's group commit: what arrives together is written together, a lone item at
// once, and a shared write that fails is retried item by item so only the bad item fails.
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('group commit', () => {
  it('writes the items added in one round of I/O together, and those added during a write in the next', async () => {
    const writes: number[][] = [];
    let finishWrite!: () => void;
    const commit = groupCommit<number>(async (items) => {
      writes.push(items);
      if (writes.length === 1) await new Promise<void>((resolve) => { finishWrite = resolve; });
    });
    const first = [commit.add(1), commit.add(2), commit.add(3)];
    await tick();
    expect(writes).toEqual([[1, 2, 3]]);
    const second = [commit.add(4), commit.add(5)];
    await tick();
    // One write at a time: 4 and 5 wait for the first write to end.
    expect(writes).toEqual([[1, 2, 3]]);
    finishWrite();
    await Promise.all([...first, ...second]);
    expect(writes).toEqual([[1, 2, 3], [4, 5]]);
  });

  it('writes a lone item without waiting for company', async () => {
    const writes: string[][] = [];
    const commit = groupCommit<string>(async (items) => { writes.push(items); });
    await commit.add('alone');
    expect(writes).toEqual([['alone']]);
  });

  it('retries a failed shared write one item at a time: only the item that fails on its own is rejected', async () => {
    const writes: string[][] = [];
    const commit = groupCommit<string>(async (items) => {
      writes.push(items);
      if (items.includes('bad')) throw new Error(`cannot write ${items.join(', ')}`);
    });
    const results = await Promise.allSettled(['a', 'bad', 'c'].map((item) => commit.add(item)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason.message).toBe('cannot write bad');
    expect(writes).toEqual([['a', 'bad', 'c'], ['a'], ['bad'], ['c']]);
  });

  it('keeps up to `concurrency` writes in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const commit = groupCommit<number>(async () => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight -= 1;
    }, 2);
    const all: Promise<void>[] = [];
    for (let round = 0; round < 6; round += 1) {
      all.push(commit.add(round));
      await tick();
    }
    await Promise.all(all);
    expect(most).toBe(2);
  });
});
