import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism } from 'node:os';
import { loadConfig } from '../src/engine/config.ts';
import { createDatabase } from '../src/engine/db/database.ts';
import { DEMO_ADMIN_EMAIL } from '../src/engine/seed/index.ts';
import { createSession } from '../src/engine/services/sessions.ts';
import { measurePages, type RouteSpeed } from './pageSpeed.ts';
import { FLOOR_CASE, listCases, type ListCase } from './listCases.ts';
import { loadClient, type LoadClient } from './loadClient.ts';
import { type CpuPerRequest, servingProcessesIdle, startCpuCount } from './processCpu.ts';

// Latency of the data screens' list calls at 10 concurrent connections on a database seeded by
// `npm run seed` (bench/measure.sh), then each route of bench/budgets.json in Chromium
// (bench/pageSpeed.ts: bytes, first content cold and warm, and on SQLite Lighthouse's scores). The engine runs in its own process (serving the built dashboard) so the load
// generator does not share its event loop. After the engine's lists, the floor (floorServer.ts: the
// first API-logs page from a bare Node server) is measured the same way, for reference.
// Usage: tsx bench/listLatency.ts <label> <out.json>.
const [label = 'sqlite', outFile = 'bench-result.json'] = process.argv.slice(2);
const CONCURRENCY = 10;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 10_000);
/** Requests before measuring each case: the engine's hot paths are optimised by V8 after a few thousand. */
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 2000);
/** BENCH_ONLY=<regex> measures only the matching cases and skips the browser (for profiling one call). */
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : undefined;
/** BENCH_ACCEPT_ENCODING=identity measures the calls without the engine's compression. */
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br';
/**
 * The engine's serving processes: as a production engine runs (one per core), unless
 * BENCH_ENGINE_PROCESSES says otherwise (1 measures a single process, e.g. to profile it).
 */
const ENGINE_PROCESSES = Number(process.env.BENCH_ENGINE_PROCESSES ?? availableParallelism());

export interface CaseResult { name: string; depth: number; p50: number; p99: number; requests: number; cpu?: CpuPerRequest }
export interface BenchRun {
  label: string;
  rows: number;
  seedSeconds: number;
  concurrency: number;
  /** The engine's serving processes (absent in runs from before there could be several). */
  engineProcesses?: number;
  results: CaseResult[];
  pages?: RouteSpeed[];
}

const freePort = () => new Promise<number>((resolve) => {
  const server = createServer().listen(0, '127.0.0.1', () => {
    const { port } = server.address() as { port: number };
    server.close(() => resolve(port));
  });
});

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Calls `call` `count` times from CONCURRENCY workers at once, reporting each call's time. */
async function concurrently(call: () => Promise<unknown>, count: number, onEach?: (ms: number) => void): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next < count) {
      next += 1;
      const start = performance.now();
      await call();
      onEach?.(performance.now() - start);
    }
  }));
}

/**
 * Warms the engine up as a long-running one is: every case WARM_UP times, from every connection at
 * once, so V8 has optimised the shared paths and sized its heap, and each pooled database
 * connection has planned its statements. Otherwise the first case measured pays for that.
 */
async function warmUp(cases: ListCase[]): Promise<void> {
  for (const { call, baseline } of cases) if (!baseline) await concurrently(call, WARM_UP);
}

/** Runs a case REQUESTS times from CONCURRENCY workers after its own warm-up; returns its percentiles in ms. */
async function measure({ name, depth, call, baseline }: ListCase, enginePid: number | undefined): Promise<CaseResult> {
  const total = baseline ? Math.min(REQUESTS, 60) : REQUESTS;
  // A deep OFFSET page is slow either way: two calls warm it.
  const warm = baseline ? 2 : WARM_UP;
  const times: number[] = [];
  const cpuSince = startCpuCount(enginePid, label === 'postgres');
  // One run whose first `warm` answers are not counted. Warming up and then measuring as two runs
  // let all connections finish and start again together: the measured run began with the
  // connections in lockstep, each round's last request waiting out a whole extra round, and that
  // start held half of the slowest 1% of a run's requests (a steady state does not start so).
  let answered = 0;
  await concurrently(call, warm + total, (ms) => {
    answered += 1;
    if (answered > warm) times.push(ms);
  });
  const cpu = cpuSince(warm + total);
  times.sort((a, b) => a - b);
  const result = { name, depth, p50: percentile(times, 50), p99: percentile(times, 99), requests: times.length, cpu };
  const cpuNote = cpu ? `; CPU per request: engine ${cpu.engineMs.toFixed(3)} ms, PostgreSQL ${cpu.postgresMs.toFixed(3)} ms, load generator ${cpu.loadGeneratorMs.toFixed(3)} ms; stolen by the host ${cpu.stolenPercent?.toFixed(1)}%` : '';
  console.log(`${label} ${name} @${depth}: p50 ${result.p50.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms${cpuNote}`);
  return result;
}

async function waitUntilUp(base: string): Promise<void> {
  for (let i = 0; ; i += 1) {
    try { if ((await fetch(`${base}/api/auth.getUiVersion`)).ok) return; } catch { /* not up yet */ }
    if (i > 300) throw new Error('engine did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
}

interface Server { base: string; pid: number | undefined; stop(): void }

/** Starts a server on a free port in its own process group (so stopping it stops everything it started) and waits for it. */
async function startServer(command: string, args: string[], env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child: ChildProcess = spawn(command, args, {
    env: { ...process.env, ...env, PORT: String(port), ENGINE_PROCESSES: String(ENGINE_PROCESSES) },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const server = { base: `http://127.0.0.1:${port}`, pid: child.pid, stop: () => { if (child.pid) process.kill(-child.pid, 'SIGTERM'); } };
  try {
    await waitUntilUp(server.base);
    await servingProcessesIdle(child.pid);
  } catch (error) {
    server.stop();
    throw error;
  }
  return server;
}

/** The floor case: the same first page from floorServer.ts, under the same load. */
async function measureFloor(orgId: string, token: string): Promise<CaseResult> {
  const floor = await startServer('node', ['--no-allocation-site-pretenuring', '--import', 'tsx', 'bench/floorServer.ts'], { FLOOR_ORG_ID: orgId });
  let client: LoadClient | undefined;
  try {
    client = await loadClient(floor.base, token, CONCURRENCY, ACCEPT_ENCODING);
    client.measuring();
    const { api } = client;
    return await measure({ name: FLOOR_CASE, depth: 0, call: () => api('POST', 'floor', {}) }, floor.pid);
  } finally {
    await client?.close();
    floor.stop();
  }
}

async function main() {
  const { db } = createDatabase();
  const config = loadConfig();
  const admin = await db.selectFrom('users').select(['id', 'org_id']).where('email', '=', DEMO_ADMIN_EMAIL).executeTakeFirstOrThrow();
  const apiLogRows = Number((await db.selectFrom('api_logs').select((eb) => eb.fn.countAll<number>().as('n')).where('org_id', '=', admin.org_id).executeTakeFirstOrThrow()).n);
  const token = await createSession(db, { ...config, sessionIdleSeconds: 86_400 }, Date.now(), admin.id, admin.org_id);
  // BENCH_ENGINE_ARGS passes node flags to the engine, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'.
  const engineArgs = process.env.BENCH_ENGINE_ARGS?.split(' ').filter(Boolean) ?? [];
  const engine = await startServer('bash', ['scripts/engine.sh', ...engineArgs], { SEED_DEMO: 'false' });
  let client: LoadClient | undefined;
  try {
    client = await loadClient(engine.base, token, CONCURRENCY, ACCEPT_ENCODING);
    const { api } = client;
    const results: CaseResult[] = [];
    const cases = (await listCases(db, api, admin.org_id, apiLogRows)).filter((c) => !ONLY || ONLY.test(c.name));
    client.measuring();
    await warmUp(cases);
    for (const listCase of cases) results.push(await measure(listCase, engine.pid));
    if (!ONLY || ONLY.test(FLOOR_CASE)) results.push(await measureFloor(admin.org_id, token));
    // Lighthouse takes a while and scores the front end, which is the same on both databases.
    const pages = ONLY ? undefined : await measurePages({ baseUrl: engine.base, token, runs: 7, lighthouse: label === 'sqlite' });
    const run: BenchRun = { label, rows: apiLogRows, seedSeconds: Number(process.env.BENCH_SEED_SECONDS ?? 0), concurrency: CONCURRENCY, engineProcesses: ENGINE_PROCESSES, results, pages };
    writeFileSync(outFile, JSON.stringify(run, null, 2));
  } finally {
    await client?.close();
    engine.stop();
    await db.destroy();
  }
}

await main();
