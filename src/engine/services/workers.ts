import { isPostgres } from '../db/dialect.ts';
import { ID_PREFIX, newId } from '../db/ids.ts';
import type { EngineServices } from '../handlers/types.ts';
import { dropLease, leaseHolder, takeLease } from '../repositories/workerLeases.ts';
import { holdLease } from './leaseRenewal.ts';
import { syncScheduler } from './syncScheduler.ts';
import { deliveryWorker } from './webhookDelivery.ts';

/*
 * The background workers of a process: the sync scheduler's loop and the delivery loop, each
 * ticking again at once while it finds work and about once a second when idle; a run that found
 * changes wakes the delivery loop, so its deliveries leave within milliseconds of its end. The engine runs
 * them in its own process (WORKERS=inline, the default; server.ts) and `npm run worker` runs them
 * alone (worker.ts). On PostgreSQL any number of processes run them side by side: every claim
 * skips rows others hold. SQLite has one writer and no row locks, so one process runs them: it
 * holds the `workers` lease (WORKER_LEASE_SECONDS, renewed every third of it); a process that
 * finds it held waits for it to pass (a holder that was killed stops renewing) and is refused when
 * its holder is alive.
 *
 * stop() lets the work in hand end cleanly: no new claims; a run stops at its next page (cancelled,
 * its job still due), a POST in flight finishes and is recorded, the accounts and the lease are let go.
 */
const IDLE_POLL_MS = 1_000;
export const SQLITE_LEASE = 'workers';
const LEASE_POLL_MS = 1_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class WorkersRefused extends Error {}

interface IdleWait {
  /** Waits `ms`, or less when woken; returns at once when woken since the last wait. */
  pause(ms: number): Promise<void>;
  wake(): void;
}

function idleWait(): IdleWait {
  let wakeUp: (() => void) | undefined;
  let woken = false;
  return {
    pause(ms) {
      if (woken) {
        woken = false;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => {
        const timer = setTimeout(() => wakeUp?.(), ms);
        wakeUp = () => { clearTimeout(timer); wakeUp = undefined; resolve(); };
      });
    },
    wake() {
      if (wakeUp) wakeUp();
      else woken = true;
    },
  };
}

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
  const { db, clock, config } = services;
  for (const deadline = Date.now() + waitMs; ; await sleep(Math.min(LEASE_POLL_MS, config.workerLeaseMs / 3))) {
    if (await takeLease(db, SQLITE_LEASE, workerId, clock.now(), clock.now() + config.workerLeaseMs)) return true;
    if (Date.now() >= deadline) return false;
  }
}

export async function startWorkers(services: EngineServices, log: WorkerLog, options: WorkerOptions = {}): Promise<RunningWorkers> {
  const { db, clock, config } = services;
  // The process id tells a person reading the lease which process holds it.
  const workerId = `${newId(ID_PREFIX.worker)}-pid${process.pid}`;
  const exclusive = !isPostgres(db);
  if (exclusive && !(await awaitLease(services, workerId, options.leaseWaitMs ?? config.workerLeaseMs * 1.5))) {
    const holder = await leaseHolder(db, SQLITE_LEASE);
    throw new WorkersRefused(
      `SQLite runs one worker, and ${holder?.holder ?? 'another process'} runs the sync scheduler and the webhook deliveries on this database. `
      + 'Stop it first (or run the engine with WORKERS=off and one `npm run worker`), or use PostgreSQL (DATABASE_URL) to run several workers.',
    );
  }

  const stopping = new AbortController();
  const schedulerIdle = idleWait();
  const deliveryIdle = idleWait();
  const scheduler = syncScheduler(services, { workerId, signal: stopping.signal });
  const delivery = deliveryWorker(services, { workerId, signal: stopping.signal, onLeaseError: (error) => log.error('renewing the lease on an account\'s deliveries failed', error) });

  async function loop(name: string, idle: IdleWait, tick: () => Promise<boolean>): Promise<void> {
    while (!stopping.signal.aborted) {
      let more = false;
      try {
        more = await tick();
      } catch (error) {
        log.error(`${name} tick failed`, error);
      }
      if (!more && !stopping.signal.aborted) await idle.pause(IDLE_POLL_MS);
    }
  }

  const renewal = exclusive ? holdLease(config.workerLeaseMs, async () => {
    const held = await takeLease(db, SQLITE_LEASE, workerId, clock.now(), clock.now() + config.workerLeaseMs);
    if (!held && !stopping.signal.aborted) {
      log.error('the workers lease was taken by another process: stopping this one', new WorkersRefused(SQLITE_LEASE));
      void stop();
    }
    return held;
  }, (error) => log.error('renewing the workers lease failed', error)) : undefined;

  const loops = Promise.all([
    loop('sync scheduler', schedulerIdle, async () => {
      const runs = await scheduler.tick();
      // A run's deliveries go out at once rather than at the delivery loop's next poll.
      if (runs.some((run) => run.changes > 0)) deliveryIdle.wake();
      return runs.length > 0;
    }),
    loop('webhook delivery', deliveryIdle, async () => (await delivery.tick()) > 0),
  ]);
  log.info(`workers ${workerId} started: sync scheduler and webhook delivery${exclusive ? ' (SQLite: this process holds the workers lease)' : ''}`);

  let stopped: Promise<void> | undefined;
  function stop(): Promise<void> {
    stopped ??= (async () => {
      stopping.abort();
      schedulerIdle.wake();
      deliveryIdle.wake();
      await loops;
      renewal?.stop();
      if (exclusive) await dropLease(db, SQLITE_LEASE, workerId);
      log.info(`workers ${workerId} stopped`);
    })();
    return stopped;
  }
  return { workerId, stop };
}
