import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { Webhook } from 'standardwebhooks';
import type { TestEngine } from './engineHarness.ts';
import type { DatabaseLocation } from './testDatabase.ts';
import { connectBamboo, orgSigningSecret, registerWebhook, syncingOrg, unifiedEmployees, type SyncingOrg } from './syncFixtures.ts';

// Deliveries as production makes them, for the durability test and the delivery bench: an
// organisation whose end customers' BambooHR accounts hold a given number of employees to sync, a
// webhook receiver on 127.0.0.1 that verifies every request with `standardwebhooks` and notes when
// it came, and engine or worker processes (scripts/engine.sh, scripts/worker.sh) started on the
// same database, stopped or killed with SIGKILL.

const ROOT = resolve(import.meta.dirname, '../..');

/** One request the receiver got. */
export interface Receipt {
  webhookId: string;
  /** The event's own id (the record's event: the same on every attempt, as its webhook-id). */
  eventId: string;
  integrationId: string;
  syncRunId: string;
  body: string;
  /** Date.now() when it arrived. */
  at: number;
}

export interface CountingReceiver {
  url: string;
  /** host:port, for OUTBOUND_ALLOW_HOSTS. */
  host: string;
  /** Every verified request, in arrival order. */
  receipts: Receipt[];
  /** Requests whose signature did not verify (answered 401, not counted in receipts). */
  refused: number;
  /** Distinct webhook-ids received. */
  distinct(): number;
  /** Checks signatures with this `whsec_...` secret from now on (until then every request is refused). */
  verifyWith(secret: string): void;
  /** Resolves once `done()` holds (checked on every request and every 100 ms), rejects after `ms`. */
  until(done: () => boolean, ms: number, what: string): Promise<void>;
  close(): Promise<void>;
}

export async function startCountingReceiver(): Promise<CountingReceiver> {
  let verifier: Webhook | undefined;
  const seen = new Set<string>();
  const receipts: Receipt[] = [];
  // Checked on every receipt, so a test acts (a kill) at the very delivery that met its condition.
  const waiters = new Set<() => void>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      try {
        if (!verifier) throw new Error('no secret yet');
        // As a customer's receiver checks it: signature and a timestamp within 5 minutes of now.
        verifier.verify(body, req.headers as Record<string, string>);
      } catch {
        receiver.refused += 1;
        res.statusCode = 401;
        res.end();
        return;
      }
      const event = JSON.parse(body) as { id: string; integrationId: string; syncRunId: string };
      const webhookId = String(req.headers['webhook-id']);
      receipts.push({ webhookId, eventId: event.id, integrationId: event.integrationId, syncRunId: event.syncRunId, body, at: Date.now() });
      seen.add(webhookId);
      for (const check of waiters) check();
      res.statusCode = 200;
      res.end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  const receiver: CountingReceiver = {
    url: `http://${host}/hooks/knit`,
    host,
    receipts,
    refused: 0,
    distinct: () => seen.size,
    verifyWith(secret) { verifier = new Webhook(secret); },
    until(done, ms, what) {
      if (done()) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const finish = (error?: Error) => {
          waiters.delete(check);
          clearInterval(polling);
          clearTimeout(deadline);
          if (error) reject(error);
          else resolve();
        };
        const check = () => { if (done()) finish(); };
        waiters.add(check);
        // Conditions on other state (the database) are polled too.
        const polling = setInterval(check, 100);
        const deadline = setTimeout(() => finish(new Error(`timed out after ${ms} ms waiting for ${what} (${seen.size} webhook-ids received)`)), ms);
      });
    },
    close: () => new Promise<void>((done) => { server.closeAllConnections(); server.close(() => done()); }),
  };
  return receiver;
}

export interface SyncingAccounts {
  org: SyncingOrg;
  accounts: string[];
  /** Employees the accounts hold now: the deliveries their first runs make. */
  records: number;
  secret: string;
}

/**
 * An organisation syncing HRIS (every model) to `webhookUrl`, with BambooHR accounts (one job
 * each, due at once) added until they hold at least `records` employees. Each account's count is
 * read through the unified API, as its sync will read it.
 */
export async function accountsHolding(t: TestEngine, records: number, webhookUrl: string): Promise<SyncingAccounts> {
  const org = await syncingOrg(t);
  await registerWebhook(t, org.orgId, webhookUrl);
  const accounts: string[] = [];
  let total = 0;
  while (total < records) {
    // Credentials of its own: a sandbox connection of its own, with its own employees and rate limit.
    const account = await connectBamboo(t, org, `customer-${accounts.length + 1}`, `-${accounts.length + 1}`);
    accounts.push(account);
    total += (await unifiedEmployees(t, org, account)).size;
  }
  return { org, accounts, records: total, secret: await orgSigningSecret(t, org.orgId) };
}

/** An engine (with its workers inline) or a worker process, started from the repository's scripts. */
export interface EngineProcess {
  kind: 'engine' | 'worker';
  pid: number;
  /** Resolves once its workers run (the 'workers … started' line); rejects if it exits first. */
  workersStarted: Promise<string>;
  /** Resolves once it serves HTTP (the 'Integration dashboard on' line); rejects if it exits first. */
  listening: Promise<void>;
  /** What it printed, for a failing test's message. */
  output(): string;
  /** SIGKILL: no cleanup of any kind; resolves once it is gone. */
  kill(): Promise<void>;
  /** SIGTERM: the work in hand ends, leases are let go; resolves with its exit code. */
  stop(): Promise<number | null>;
}

export interface ProcessSettings {
  location: DatabaseLocation;
  /** OUTBOUND_ALLOW_HOSTS: the receiver. */
  allowHost: string;
  /** WORKER_LEASE_SECONDS: how soon a killed process's work is taken over. */
  leaseSeconds?: number;
  /** Node flags before the script's own (e.g. --cpu-prof). */
  nodeArgs?: string[];
  /** PORT (default 0: any free port). */
  port?: number;
  /** More environment, e.g. ENGINE_PROCESSES. */
  env?: Record<string, string>;
}

export function startEngineProcess(kind: 'engine' | 'worker', settings: ProcessSettings): EngineProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // The sandbox apps answer without random failures under NODE_ENV=test.
    NODE_ENV: 'test',
    SEED_DEMO: 'false',
    PORT: String(settings.port ?? 0),
    WORKERS: kind === 'engine' ? 'inline' : 'off',
    OUTBOUND_ALLOW_HOSTS: settings.allowHost,
    ...(settings.leaseSeconds ? { WORKER_LEASE_SECONDS: String(settings.leaseSeconds) } : {}),
    ...settings.env,
  };
  delete env.DATABASE_URL;
  delete env.SQLITE_FILE;
  Object.assign(env, 'databaseUrl' in settings.location ? { DATABASE_URL: settings.location.databaseUrl } : { SQLITE_FILE: settings.location.sqliteFile });

  // The scripts exec node, so the child's pid is the engine's own.
  const child: ChildProcess = spawn('bash', [kind === 'engine' ? 'scripts/engine.sh' : 'scripts/worker.sh', ...(settings.nodeArgs ?? [])], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const printed = (pattern: RegExp, what: string) => new Promise<string>((found, failed) => {
    const onData = () => {
      const match = pattern.exec(output);
      if (match) found(match[1] ?? match[0]);
    };
    child.stdout!.on('data', onData);
    void exited.then((code) => failed(new Error(`${kind} process exited (${code}) before ${what}:\n${output.slice(-2000)}`)));
  });
  child.stdout!.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  child.stderr!.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  const workersStarted = printed(/workers (\S+) started/, 'its workers started');
  const listening = printed(/Integration dashboard on/, 'it listened').then(() => undefined);
  workersStarted.catch(() => {});
  listening.catch(() => {});
  return {
    kind,
    pid: child.pid!,
    workersStarted,
    listening,
    output: () => output,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      return exited;
    },
  };
}
