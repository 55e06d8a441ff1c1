import { loadConfig } from './config.ts';
import { createEngine } from './engine.ts';
import { startWorkers, WorkersRefused } from './services/workers.ts';
import { workerLog } from './workerLog.ts';

// `npm run worker`: the sync scheduler and webhook delivery in a process of their own, against
// the engine's database (DATABASE_URL or SQLITE_FILE, as the engine reads them). On PostgreSQL
// run as many as the work needs, beside engines with WORKERS=inline or off; on SQLite one process
// runs the workers, so start the engine with WORKERS=off. The engine is built without listening:
// the sandbox apps' APIs are called in process, as the engine calls them.
const config = loadConfig();
const engine = await createEngine(config);
let workers;
try {
  workers = await startWorkers(engine, workerLog);
} catch (error) {
  if (!(error instanceof WorkersRefused)) throw error;
  console.error(error.message);
  await engine.close();
  process.exit(1);
}
console.log(`Worker on ${config.databaseUrl ? 'PostgreSQL' : `SQLite ${config.sqliteFile}`}: Ctrl-C stops it after the work in hand`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void workers.stop().then(() => engine.close()).then(() => process.exit(0));
  });
}
