import cluster, { type Worker } from 'node:cluster';
import type { EngineConfig } from './config.ts';
import { CACHED_TABLES } from './db/watchedCache.ts';
import { writeWatchOf } from './db/writeWatch.ts';
import { createEngine, type Engine } from './engine.ts';
import { prepareContractValidators } from './app.ts';

/*
 * One engine, several processes (ENGINE_PROCESSES > 1): Node runs JavaScript on one core per
 * process, so on a machine of N cores one process leaves the others idle while requests queue
 * behind its event loop. The first process prepares the database (migrations, reference data, the
 * demo), runs the sync scheduler and webhook delivery, and forks the serving processes; node:cluster
 * shares the listening port among them and hands out connections in turn.
 *
 * Each process keeps small caches of what nearly every call reads (db/watchedCache.ts). A write
 * to a cached table is told to every other process of the engine before it runs, through the
 * first process, so the next call sees it whichever process serves it (a sign-out, a role change,
 * a category enabled).
 */

interface TablesWritten { kind: 'tables-written'; tables: string[] }

const isTablesWritten = (message: unknown): message is TablesWritten =>
  typeof message === 'object' && message !== null && (message as TablesWritten).kind === 'tables-written' && Array.isArray((message as TablesWritten).tables);

/** A serving process that dies unexpectedly is replaced after this pause (no restart storm). */
const RESTART_DELAY_MS = 1000;
/** How long a serving process may take to finish its requests when the engine stops. */
const STOP_GRACE_MS = 10_000;

export interface ServingProcesses {
  /** Stops them all: each finishes the requests in hand and closes its database connections. */
  stop(): Promise<void>;
}

/**
 * In the first process: forks `count` serving processes and resolves once every one listens (it
 * rejects if one fails to start), passes each one's writes of cached tables to the others, and
 * replaces one that dies afterwards.
 */
export function forkServingProcesses(primary: Engine, count: number, log: (line: string) => void): Promise<ServingProcesses> {
  let stopping = false;
  const tellOthers = (message: TablesWritten, from?: Worker) => {
    for (const worker of Object.values(cluster.workers ?? {})) if (worker && worker !== from && worker.isConnected()) worker.send(message);
  };
  // The workers here write accounts and counters too.
  writeWatchOf(primary.db)?.relayWrites(CACHED_TABLES, (tables) => tellOthers({ kind: 'tables-written', tables }));
  cluster.on('message', (worker, message) => {
    if (!isTablesWritten(message)) return;
    tellOthers(message, worker);
    // The workers here keep caches too (an organisation's enabled categories, its accounts per category).
    writeWatchOf(primary.db)?.writtenElsewhere(message.tables);
  });

  const stop = async () => {
    stopping = true;
    const exits = Object.values(cluster.workers ?? {}).flatMap((worker) => {
      if (!worker || worker.isDead()) return [];
      const exited = new Promise<void>((done) => worker.once('exit', () => done()));
      worker.process.kill('SIGTERM');
      const killLater = setTimeout(() => worker.process.kill('SIGKILL'), STOP_GRACE_MS);
      return [exited.finally(() => clearTimeout(killLater))];
    });
    await Promise.all(exits);
  };

  return new Promise<ServingProcesses>((started, failed) => {
    let listening = 0;
    const startOne = (): void => {
      const worker = cluster.fork();
      let listened = false;
      worker.once('listening', () => {
        listened = true;
        listening += 1;
        if (listening === count) started({ stop });
      });
      worker.once('exit', (code, signal) => {
        if (stopping) return;
        if (!listened && listening < count) {
          stopping = true;
          void stop().then(() => failed(new Error(`A serving process exited (${signal ?? code}) before it listened`)));
          return;
        }
        log(`Serving process ${worker.process.pid} exited (${signal ?? code}); starting another`);
        setTimeout(() => { if (!stopping) startOne(); }, RESTART_DELAY_MS).unref();
      });
    };
    for (let i = 0; i < count; i += 1) startOne();
  });
}

/**
 * In a serving process: opens the database the first process prepared, tells it this process's
 * writes of cached tables and applies the others', and listens on the shared port.
 */
export async function serveForFirstProcess(config: EngineConfig): Promise<Engine> {
  const engine = await createEngine(config, { databasePrepared: true });
  const watch = writeWatchOf(engine.db);
  watch?.relayWrites(CACHED_TABLES, (tables) => process.send?.({ kind: 'tables-written', tables } satisfies TablesWritten));
  process.on('message', (message) => {
    if (isTablesWritten(message)) watch?.writtenElsewhere(message.tables);
  });
  await engine.app.listen({ port: config.port, host: config.host });
  void prepareContractValidators();
  return engine;
}

export const isServingProcess = (): boolean => cluster.isWorker;
