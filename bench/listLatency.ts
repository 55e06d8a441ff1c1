import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { sql } from 'kysely';
import { loadConfig } from '../src/engine/config.ts';
import { createDatabase } from '../src/engine/db/database.ts';
import { encodeCursor } from '../src/engine/db/keyset.ts';
import { migrateToLatest } from '../src/engine/db/migrate.ts';
import { seedDemo, seedReferenceData } from '../src/engine/seed/index.ts';
import { createSession } from '../src/engine/services/sessions.ts';

// Latency of the log-sized list calls at 10 concurrent connections, on the first page and on a
// page as deep as the data allows (a million rows for API logs), each beside an OFFSET query of
// the same depth. The engine runs in its own process so the load generator does not share its
// event loop. Usage: tsx bench/listLatency.ts <label> <out.json> (DB from SQLITE_FILE/DATABASE_URL).
const [label = 'sqlite', outFile = 'bench-result.json'] = process.argv.slice(2);
const rows = Number(process.env.BENCH_ROWS ?? 1_000_000);
const CONCURRENCY = 10;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const YEAR_MS = 31_536_000_000;

export interface CaseResult { name: string; depth: number; p50: number; p99: number; requests: number }

const freePort = () => new Promise<number>((resolve) => {
  const server = createServer().listen(0, '127.0.0.1', () => {
    const { port } = server.address() as { port: number };
    server.close(() => resolve(port));
  });
});

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Runs `call` REQUESTS times from CONCURRENCY workers; checks each answer; returns ms latencies. */
async function measure(name: string, depth: number, call: () => Promise<unknown>): Promise<CaseResult> {
  // A deep OFFSET page takes seconds: fewer samples keep the run short and still show its p99.
  const total = name.includes('OFFSET') ? Math.min(REQUESTS, 60) : REQUESTS;
  for (let i = 0; i < (name.includes('OFFSET') ? 2 : 20); i += 1) await call();
  const times: number[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next < total) {
      next += 1;
      const start = performance.now();
      await call();
      times.push(performance.now() - start);
    }
  }));
  times.sort((a, b) => a - b);
  const result = { name, depth, p50: percentile(times, 50), p99: percentile(times, 99), requests: times.length };
  console.log(`${label} ${name} @${depth}: p50 ${result.p50.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms`);
  return result;
}

async function main() {
  const { db } = createDatabase();
  await migrateToLatest(db);
  await seedReferenceData(db);
  const seedStart = performance.now();
  const demo = await seedDemo(db, { scale: rows, seed: 7, log: (line) => console.log(`${label} seed: ${line}`) });
  const seedSeconds = (performance.now() - seedStart) / 1000;
  console.log(`${label}: seeded ${rows} API-log rows in ${seedSeconds.toFixed(1)} s`);

  const config = loadConfig();
  const admin = await db.selectFrom('users').select(['id', 'org_id']).where('email', '=', demo.adminEmail).executeTakeFirstOrThrow();
  const token = await createSession(db, { ...config, sessionIdleSeconds: 86_400 }, Date.now(), admin.id, admin.org_id);
  const port = await freePort();
  // Its own process group, so stopping it also stops the node process tsx starts.
  const engine: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/engine/server.ts'], {
    env: { ...process.env, PORT: String(port), SEED_DEMO: 'false', DASHBOARD_DIR: '/nonexistent' },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const base = `http://127.0.0.1:${port}/api`;
  try {
    for (let i = 0; ; i += 1) {
      try { if ((await fetch(`${base}/auth.getUiVersion`)).ok) break; } catch { /* not up yet */ }
      if (i > 300) throw new Error('engine did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
    const api = async (method: 'GET' | 'POST', path: string, body?: object) => {
      const response = await fetch(`${base}/${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const json = await response.json() as { success: boolean; msg: Record<string, unknown> };
      if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(json)}`);
      return json.msg;
    };
    const results: CaseResult[] = [];

    // API logs: page-number list; a deep page with the previous page's cursor vs by OFFSET.
    const logs = (extra: object) => api('POST', 'app.getLogsDataV2', { limit: 10, isApiLogs: true, timestamp: YEAR_MS, ...extra });
    const logDepth = Math.max(0, Math.floor((rows - 10) / 10) * 10);
    results.push(await measure('API logs, first page', 0, () => logs({ pageNo: 1 })));
    const previous = await logs({ pageNo: logDepth / 10 }) as { nextCursor: string };
    results.push(await measure('API logs, deep page (keyset)', logDepth, () => logs({ pageNo: logDepth / 10 + 1, cursor: previous.nextCursor })));
    results.push(await measure('API logs, deep page (OFFSET baseline)', logDepth, () => logs({ pageNo: logDepth / 10 + 1 })));

    // Sync runs of the busiest job: cursor list; the baseline is the same query by OFFSET.
    const job = await db.selectFrom('sync_runs').select(['job_id', sql<number>`count(*)`.as('runs')])
      .groupBy('job_id').orderBy(sql`count(*)`, 'desc').limit(1).executeTakeFirstOrThrow();
    const now = Date.now();
    const runsQuery = () => db.selectFrom('sync_runs').select(['id', 'started_at']).where('job_id', '=', job.job_id)
      .where('started_at', '>=', now - YEAR_MS).where('started_at', '<=', now).orderBy('started_at', 'desc').orderBy('id', 'desc');
    const runDepth = Math.max(0, Math.floor((Number(job.runs) - 10) / 10) * 10);
    const runs = (cursor?: string) => api('POST', 'app.dashboard/syncRuns', { jobId: job.job_id, limit: 10, start: now - YEAR_MS, end: now, cursor: cursor ?? null });
    results.push(await measure('Sync runs, first page', 0, () => runs()));
    const lastBefore = runDepth > 0 ? await runsQuery().offset(runDepth - 1).limit(1).executeTakeFirstOrThrow() : undefined;
    const runCursor = lastBefore ? encodeCursor({ ts: lastBefore.started_at, id: lastBefore.id }) : undefined;
    results.push(await measure('Sync runs, deep page (keyset)', runDepth, () => runs(runCursor)));
    results.push(await measure('Sync runs, deep page (OFFSET baseline, SQL)', runDepth, () => runsQuery().offset(runDepth).limit(10).execute()));

    // Integrated accounts: page-number list like the logs.
    const accounts = (query: Record<string, string>) => api('GET', `app.getIntegrationAccounts?${new URLSearchParams({ limit: '10', ...query })}`);
    const accountCount = Number((await db.selectFrom('integrated_accounts').select(sql<number>`count(*)`.as('n')).where('org_id', '=', admin.org_id).executeTakeFirstOrThrow()).n);
    const accountDepth = Math.max(0, Math.floor((accountCount - 10) / 10) * 10);
    results.push(await measure('Integrated accounts, first page', 0, () => accounts({ pageNo: '1' })));
    const beforeAccounts = accountDepth > 0 ? await accounts({ pageNo: String(accountDepth / 10) }) as { nextCursor: string } : undefined;
    results.push(await measure('Integrated accounts, deep page (keyset)', accountDepth, () => accounts({ pageNo: String(accountDepth / 10 + 1), ...(beforeAccounts ? { cursor: beforeAccounts.nextCursor } : {}) })));
    results.push(await measure('Integrated accounts, deep page (OFFSET baseline)', accountDepth, () => accounts({ pageNo: String(accountDepth / 10 + 1) })));

    writeFileSync(outFile, JSON.stringify({ label, rows, seedSeconds, concurrency: CONCURRENCY, results }, null, 2));
  } finally {
    if (engine.pid) process.kill(-engine.pid, 'SIGTERM');
    await db.destroy();
  }
}

await main();
