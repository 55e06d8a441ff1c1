import { isPostgres } from '../db/dialect.ts';
import { ID_PREFIX, newId } from '../db/ids.ts';
import type { EngineServices } from '../handlers/types.ts';
import { dropLease, leaseHolder, takeLease } from '../repositories/workerLeases.ts';
import { syncScheduler } from './syncScheduler.ts';
import { deliveryWorker } from './webhookDelivery.ts';

/*
 * The background workers of a process: the sync scheduler's loop and the delivery loop, each
 * ticking again at once while it finds work and about once a second when idle. The engine runs
 * them in its own process (WORKERS=inline, the default; server.ts) and `npm run worker` runs them
 * alone (worker.ts). On PostgreSQL any number of processes run them side by side: every claim
 * skips rows others hold. SQLite has one writer and no row locks, so one process runs them: it
 * holds the `workers` lease (15 s, renewed every 5 s); a process that finds it held waits for it
 * to pass (a holder that was killed stops renewing) and is refused when its holder is alive.
 *
 * stop() lets the work in hand end cleanly: no new claims; a run stops at its next page (cancelled,
 * its job still due), a POST in flight finishes and is recorded, the accounts and the lease are let go.
 */
const IDLE_POLL_MS = 1_000;
export const SQLITE_LEASE = 'workers';
const LEASE_MS = 15_000;
const RENEW_MS = 5_000;
const LEASE_POLL_MS = 1_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class WorkersRefused extends Error {}

export interface WorkerLog {
  info(message: string): void;
  error(message: string, error: unknown): void;
}

export interface RunningWorkers {
  workerId: string;
  stop(): Promise<void>;
}

export interface WorkerOptions {
  /**
   * How long to wait for the SQLite lease held by another process: long enough for the lease of a
   * process that died (killed, crashed) to pass, while a live holder keeps renewing it.
   */
  leaseWaitMs?: number;
}

/** Takes the SQLite lease, waiting up to `waitMs` for another holder's lease to pass. */
async function awaitLease(services: EngineServices, workerId: string, waitMs: number): Promise<boolean> {
  const { db, clock } = services;
  for (const deadline = Date.now() + waitMs; ; await sleep(LEASE_POLL_MS)) {
    if (await takeLease(db, SQLITE_LEASE, workerId, clock.now(), clock.now() + LEASE_MS)) return true;
    if (Date.now() >= deadline) return false;
  }
}

export async function startWorkers(services: EngineServices, log: WorkerLog, options: WorkerOptions = {}): Promise<RunningWorkers> {
  const { db, clock } = services;
  // The process id tells a person reading the lease which process holds it.
  const workerId = `${newId(ID_PREFIX.worker)}-pid${process.pid}`;
  const exclusive = !isPostgres(db);
  if (exclusive && !(await awaitLease(services, workerId, options.leaseWaitMs ?? LEASE_MS + RENEW_MS))) {
    const holder = await leaseHolder(db, SQLITE_LEASE);
    throw new WorkersRefused(
      `SQLite runs one worker, and ${holder?.holder ?? 'another process'} runs the sync scheduler and the webhook deliveries on this database. `
      + 'Stop it first (or run the engine with WORKERS=off and one `npm run worker`), or use PostgreSQL (DATABASE_URL) to run several workers.',
    );
  }

  const stopping = new AbortController();
  const wakers = new Set<() => void>();
  const pause = (ms: number) => new Promise<void>((resolve) => {
    const done = () => { clearTimeout(timer); wakers.delete(done); resolve(); };
    const timer = setTimeout(done, ms);
    wakers.add(done);
  });
  const scheduler = syncScheduler(services, { workerId, signal: stopping.signal });
  const delivery = deliveryWorker(services, { workerId, signal: stopping.signal });

  async function loop(name: string, tick: () => Promise<boolean>): Promise<void> {
    while (!stopping.signal.aborted) {
      let more = false;
      try {
        more = await tick();
      } catch (error) {
        log.error(`${name} tick failed`, error);
      }
      if (!more && !stopping.signal.aborted) await pause(IDLE_POLL_MS);
    }
  }

  let renewal: NodeJS.Timeout | undefined;
  if (exclusive) {
    renewal = setInterval(() => {
      void takeLease(db, SQLITE_LEASE, workerId, clock.now(), clock.now() + LEASE_MS).then((held) => {
        if (!held && !stopping.signal.aborted) {
          log.error('the workers lease was taken by another process: stopping this one', new WorkersRefused(SQLITE_LEASE));
          void stop();
        }
      }, (error: unknown) => log.error('renewing the workers lease failed', error));
    }, RENEW_MS);
    renewal.unref();
  }

  const loops = Promise.all([
    loop('sync scheduler', async () => (await scheduler.tick()).length > 0),
    loop('webhook delivery', async () => (await delivery.tick()) > 0),
  ]);
  log.info(`workers ${workerId} started: sync scheduler and webhook delivery${exclusive ? ' (SQLite: this process holds the workers lease)' : ''}`);

  let stopped: Promise<void> | undefined;
  function stop(): Promise<void> {
    stopped ??= (async () => {
      stopping.abort();
      for (const wake of [...wakers]) wake();
      await loops;
      if (renewal) clearInterval(renewal);
      if (exclusive) await dropLease(db, SQLITE_LEASE, workerId);
      log.info(`workers ${workerId} stopped`);
    })();
    return stopped;
  }
  return { workerId, stop };
}
