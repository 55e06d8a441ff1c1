// `npm run demo:traffic [-- --rate <calls per second> --duration <seconds>]`: unified API traffic on
// the demo organisation's sandbox accounts, through the running engine's HTTP server (start it
// first: npm start), so the logs, issues and usage screens move. Runs until Ctrl-C (or the
// duration), then says what it sent. Development only: it forces the apps' failures at the
// sandbox's control surface, which production does not have.
//
// The calls need the demo organisation's API key, which the engine keeps only hashed: this
// rotates the organisation's sandbox key through the engine's own code (services/apiKeys.ts) and
// keeps the new key in memory, never printed; the dashboard shows it masked from then on.
import { loadConfig } from '../config.ts';
import { createDatabase } from '../db/database.ts';
import { findDemoOrg } from '../seed/index.ts';
import { unifiedActivitySince } from '../repositories/apiCallLogs.ts';
import { rotateApiKey } from '../services/apiKeys.ts';
import { createEngineClient, createUnifiedClient } from '../../generated/api/clients.ts';
import { trafficAccounts } from './demoAccounts.ts';
import { nextStep, TRAFFIC_CATEGORIES, type TrafficAccount, type TrafficStep } from './trafficMix.ts';

interface Options { rate: number; durationSeconds?: number }

function parseOptions(argv: string[]): Options {
  const options: Options = { rate: 3 };
  for (let i = 0; i < argv.length; i += 1) {
    const value = Number(argv[i + 1]);
    if (argv[i] === '--rate' && value >= 0.2 && value <= 20) options.rate = value;
    else if (argv[i] === '--duration' && value > 0) options.durationSeconds = value;
    else throw new Error(`unknown or out-of-range option '${argv[i]} ${argv[i + 1] ?? ''}' (--rate 0.2-20, --duration <seconds>)`);
    i += 1;
  }
  return options;
}

const config = loadConfig();
const host = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host;
const origin = `http://${host}:${config.port}`;
const { db } = createDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
const log = (line: string) => console.log(line);

async function sandboxControl(action: 'fail', body: object): Promise<void> {
  const res = await fetch(`${origin}/sandbox/control/${action}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`sandbox control ${action} answered ${res.status}`);
}

const unified = createUnifiedClient({ baseUrl: `${origin}/v1.0` });
const statuses = new Map<number, number>();
const cursors = new Map<string, string>();
let calls = 0;

async function send(account: TrafficAccount, step: TrafficStep, apiKey: string): Promise<void> {
  const headers = { authorization: `Bearer ${apiKey}`, 'x-knit-integration-id': account.integrationId };
  const read = async (call: string, query: Record<string, string>) => {
    // The reads' paths are the unified API's; the mix names them as strings.
    const res = await unified.GET(`/${call}` as '/hris.employees', { headers, params: { query } });
    const next = (res.data?.msg as { nextCursor?: string | null } | undefined)?.nextCursor;
    const key = `${account.integrationId} ${call}`;
    if (next) cursors.set(key, next);
    else if (res.response.ok) cursors.delete(key);
    return res.response.status;
  };
  let status: number;
  switch (step.kind) {
    case 'read': status = await read(step.call, step.query); break;
    case 'wrongCategory': status = await read(step.call, {}); break;
    case 'appFailure':
      await sandboxControl('fail', { integrationId: account.integrationId, count: step.count, status: step.status });
      status = await read(step.call, { pageSize: '20' });
      break;
    case 'passthrough':
      status = (await unified.POST('/passthrough', { headers, body: { method: 'GET', path: step.path, query: step.query } })).response.status;
      break;
    case 'syncStart':
      status = (await unified.POST('/sync.start', { headers })).response.status;
      break;
  }
  calls += 1;
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
}

async function main(): Promise<void> {
  if (config.production) throw new Error('a development tool: it needs the sandbox control surface, which production does not have');
  const options = parseOptions(process.argv.slice(2));
  const demo = await findDemoOrg(db);
  if (!demo) throw new Error('No demo organisation in this database: start the engine once (npm start) to seed it');
  const alive = await fetch(`${origin}/api/auth.getUiVersion`).then((r) => r.ok, () => false);
  if (!alive) throw new Error(`The engine does not answer at ${origin}: start it first (npm start)`);
  const apiKey = await rotateApiKey(db, demo.id, 'sandbox', Date.now());
  log(`demo:traffic: the sandbox API key of ${demo.name} was rotated for this run (the previous one no longer works); the new one stays in this process`);
  const accounts = await trafficAccounts(db, demo.id, createEngineClient({ baseUrl: `${origin}/api` }), apiKey, log);
  if (accounts.length === 0) throw new Error(`No sandbox account to call: enable one of ${TRAFFIC_CATEGORIES.join(', ')} in Getting Started`);
  log(`demo:traffic: ${options.rate} calls a second on ${accounts.length} accounts (${accounts.map((a) => a.category).join(', ')}) through ${origin}; Ctrl-C stops`);

  const started = Date.now();
  let stopping = false;
  process.once('SIGINT', () => { stopping = true; });
  process.once('SIGTERM', () => { stopping = true; });
  const gap = 1000 / options.rate;
  let lastReport = started;
  while (!stopping && (options.durationSeconds === undefined || Date.now() - started < options.durationSeconds * 1000)) {
    const tick = Date.now();
    const account = accounts[Math.floor(Math.random() * accounts.length)];
    try {
      await send(account, nextStep(account, cursors, Math.random), apiKey);
    } catch (error) {
      log(`  call failed before an answer: ${(error as Error).message}`);
    }
    if (Date.now() - lastReport >= 10_000) {
      lastReport = Date.now();
      log(`  ${calls} calls so far (${summary()})`);
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, gap - (Date.now() - tick))));
  }
  await report(demo.id, accounts, started);
}

const summary = () => [...statuses.entries()].sort(([a], [b]) => a - b).map(([status, n]) => `${n} × ${status}`).join(', ') || 'none';

async function report(orgId: string, accounts: TrafficAccount[], started: number): Promise<void> {
  const activity = await unifiedActivitySince(db, orgId, accounts.map((a) => a.integrationId), started);
  const seconds = Math.round((Date.now() - started) / 1000);
  log(`demo:traffic: sent ${calls} unified API calls in ${seconds} s (${summary()}), which made ${activity.nativeCalls} native calls; ${activity.issues} issues raised or updated.`);
  log(`  See ${config.publicUrl}/dashboard/logs, /dashboard/issues and /dashboard/home.`);
}

main().then(
  async () => { await db.destroy(); },
  async (error: unknown) => {
    console.error(`demo:traffic: ${(error as Error).message}`);
    await db.destroy();
    process.exitCode = 1;
  },
);
