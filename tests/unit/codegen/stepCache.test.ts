import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cached, cacheKey, readCached, writeCached } from '../../../codegen/stepCache.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'codegen-cache-test-'));
  vi.stubEnv('CODEGEN_CACHE_DIR', dir);
  vi.stubEnv('CODEGEN_CACHE', '');
});
afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true, force: true });
});

describe("codegen's step cache", () => {
  it('computes an input once and answers the same output from then on', async () => {
    const compute = vi.fn(async () => 'formatted');
    const key = cacheKey('prettier', ['3.0.0', { printWidth: 100 }, 'const a=1']);
    expect(await cached(key, compute)).toBe('formatted');
    expect(await cached(key, compute)).toBe('formatted');
    expect(compute).toHaveBeenCalledTimes(1);
    expect(readdirSync(dir)).toEqual([key]);
  });

  it('keys on every part, in order, and on the step', () => {
    const key = cacheKey('prettier', ['3.0.0', { printWidth: 100 }, 'text']);
    expect(cacheKey('prettier', ['3.0.0', { printWidth: 100 }, 'text'])).toBe(key);
    expect(cacheKey('prettier', ['3.0.1', { printWidth: 100 }, 'text'])).not.toBe(key);
    expect(cacheKey('prettier', ['3.0.0', { printWidth: 80 }, 'text'])).not.toBe(key);
    expect(cacheKey('prettier', ['3.0.0', { printWidth: 100 }, 'text '])).not.toBe(key);
    expect(cacheKey('orval', ['3.0.0', { printWidth: 100 }, 'text'])).not.toBe(key);
    // Parts are separated, so moving text from one part to the next is another input.
    expect(cacheKey('s', ['ab', 'c'])).not.toBe(cacheKey('s', ['a', 'bc']));
  });

  it('computes every time and stores nothing when CODEGEN_CACHE=off', async () => {
    vi.stubEnv('CODEGEN_CACHE', 'off');
    const compute = vi.fn(async () => 'out');
    const key = cacheKey('prettier', ['x']);
    await cached(key, compute);
    await cached(key, compute);
    expect(compute).toHaveBeenCalledTimes(2);
    expect(readdirSync(dir)).toEqual([]);
    expect(readCached(key)).toBeUndefined();
  });

  it('leaves only whole entries: nothing half-written under a key, no temporary file', () => {
    const key = cacheKey('orval', ['engine']);
    writeCached(key, 'x'.repeat(1_000_000));
    writeCached(key, 'y'.repeat(10));
    expect(readCached(key)).toBe('y'.repeat(10));
    expect(readdirSync(dir)).toEqual([key]);
  });

  it('refreshes an entry it answers from, and removes entries unused for two weeks', async () => {
    const old = Date.now() / 1000 - 20 * 86_400;
    const used = cacheKey('prettier', ['used']);
    const stale = cacheKey('prettier', ['stale']);
    writeFileSync(join(dir, used), 'kept');
    writeFileSync(join(dir, stale), 'dropped');
    utimesSync(join(dir, used), old, old);
    utimesSync(join(dir, stale), old, old);
    expect(readCached(used)).toBe('kept');
    expect(statSync(join(dir, used)).mtimeMs).toBeGreaterThan(Date.now() - 60_000);
    // The first write of a process into a folder prunes it.
    writeCached(cacheKey('prettier', ['new']), 'new');
    expect(existsSync(join(dir, stale))).toBe(false);
    expect(readCached(used)).toBe('kept');
  });

  it('still generates when the cache cannot be written: the output is computed and nothing is left behind', async () => {
    const blocked = join(dir, 'not-a-folder');
    writeFileSync(blocked, 'a file where the cache folder would be');
    vi.stubEnv('CODEGEN_CACHE_DIR', blocked);
    const compute = vi.fn(async () => 'formatted');
    const key = cacheKey('prettier', ['blocked']);
    expect(await cached(key, compute)).toBe('formatted');
    expect(await cached(key, compute)).toBe('formatted');
    expect(compute).toHaveBeenCalledTimes(2);
    expect(readdirSync(dir)).toEqual(['not-a-folder']);
  });
});
