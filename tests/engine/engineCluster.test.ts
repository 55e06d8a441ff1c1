import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestEngine, type TestEngine } from '../support/engineHarness.ts';
import { startEngineProcess, type EngineProcess } from '../support/deliveryRig.ts';

// An engine of two serving processes (ENGINE_PROCESSES=2, scripts/engine.sh) on a database this
// test prepares, on SQLite and on PostgreSQL: both serve, each keeps its own session cache, and a
// sign-out through one is seen by the other at once; a serving process that dies is replaced.
const TIMEOUT_MS = 120_000;

let t: TestEngine;
let engine: EngineProcess;
let base: string;
beforeAll(async () => {
  t = await startTestEngine({}, { shared: true });
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  engine = startEngineProcess('engine', { location: t.location!, allowHost: '127.0.0.1:9', port, env: { ENGINE_PROCESSES: '2' } });
  await engine.listening;
}, TIMEOUT_MS);
afterAll(async () => {
  await engine?.kill();
  await t?.close();
});

const freePort = () => new Promise<number>((resolve) => {
  const server = createServer().listen(0, '127.0.0.1', () => {
    const { port } = server.address() as { port: number };
    server.close(() => resolve(port));
  });
});

/** The node processes whose parent is `pid` (Linux /proc; tsx's esbuild helper is not one). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc').filter((entry) => /^\d+$/.test(entry)).flatMap((entry) => {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const isChild = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      return isChild && stat.includes('(node)') ? [Number(entry)] : [];
    } catch {
      return [];
    }
  });
}

/** A call on a connection of its own: node:cluster hands new connections to the processes in turn. */
function call(method: 'GET' | 'POST', path: string, token: string, body?: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const sent = request(`${base}${path}`, {
      method,
      agent: false,
      headers: { authorization: `Bearer ${token}`, ...(payload ? { 'content-type': 'application/json' } : {}) },
    }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    sent.on('error', reject);
    sent.end(payload);
  });
}

const userDetails = (token: string) => call('GET', '/api/user.userDetails', token);

async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (const deadline = Date.now() + 30_000; !(await condition());) {
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}:\n${engine.output().slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('an engine of several serving processes', () => {
  it('serves from two processes, and a sign-out through one is refused by both at once', async () => {
    expect(childrenOf(engine.pid)).toHaveLength(2);
    const token = await signUp(t, 'cluster@acme.test');
    // Both processes serve calls of this session, so both hold it in their cache (kept for 1 s).
    for (let i = 0; i < 6; i += 1) expect(await userDetails(token)).toBe(200);
    expect(await call('POST', '/api/auth.signOut', token, { token })).toBe(200);
    const after = await Promise.all(Array.from({ length: 6 }, () => userDetails(token)));
    expect(after).toEqual(Array(6).fill(401));
  }, TIMEOUT_MS);

  it('replaces a serving process that dies, and keeps serving meanwhile', async () => {
    const token = await signUp(t, 'cluster-restart@acme.test');
    const [victim] = childrenOf(engine.pid);
    process.kill(victim!, 'SIGKILL');
    await until(() => !childrenOf(engine.pid).includes(victim!), 'the killed process to be gone');
    expect(await userDetails(token)).toBe(200);
    await until(() => childrenOf(engine.pid).length === 2, 'a replacement process');
    await until(async () => (await Promise.all([userDetails(token), userDetails(token)])).every((status) => status === 200), 'both processes to serve');
    expect(engine.output()).toMatch(/Serving process \d+ exited \(SIGKILL\); starting another/);
  }, TIMEOUT_MS);

  it('stops every process on SIGTERM, each finishing its requests', async () => {
    const serving = childrenOf(engine.pid);
    expect(serving).toHaveLength(2);
    expect(await engine.stop()).toBe(0);
    const alive = (pid: number) => { try { process.kill(pid, 0); return true; } catch { return false; } };
    await until(() => !serving.some(alive), 'the serving processes to end');
    expect(engine.output()).toMatch(/workers \S+ stopped/);
  }, TIMEOUT_MS);
});
