import { prepareContractValidators } from './app.ts';
import { loadConfig } from './config.ts';
import { createEngine, type Engine } from './engine.ts';
import { forkServingProcesses, isServingProcess, serveForFirstProcess, type ServingProcesses } from './engineCluster.ts';
import { seedDemo } from './seed/index.ts';
import { exposureWarning } from './startupWarnings.ts';
import { startWorkers, WorkersRefused, type RunningWorkers } from './services/workers.ts';
import { workerLog } from './workerLog.ts';

// `npm start` / `npm run engine`: the dashboard, the engine (/api) and the AI service (/ai) on one
// port, served by one process or by ENGINE_PROCESSES of them (engineCluster.ts). A fresh database
// gets the small demo organisation on first start.
const config = loadConfig();
if (isServingProcess()) {
  const engine = await serveForFirstProcess(config);
  stopOnSignal(() => engine.close());
} else {
  await startEngine();
}

async function startEngine(): Promise<void> {
  const engine = await createEngine(config);
  if (process.env.SEED_DEMO !== 'false') {
    const demo = await seedDemo(engine.db, { scale: 'small', signingSecret: config.signingSecret });
    const mailbox = engine.mailer.kind === 'devMailbox' ? ` (the code is printed here and listed at ${config.publicUrl}/api/dev.mailbox?to=${demo.adminEmail})` : '';
    console.log(`Demo organisation "${demo.orgName}" ${demo.created ? 'seeded' : 'ready'}: sign in as ${demo.adminEmail}${mailbox}`);
  }
  let serving: ServingProcesses | undefined;
  if (config.engineProcesses > 1) {
    serving = await forkServingProcesses(engine, config.engineProcesses, (line) => console.warn(line));
  } else {
    await engine.app.listen({ port: config.port, host: config.host });
    void prepareContractValidators();
  }
  const processes = config.engineProcesses > 1 ? `, ${config.engineProcesses} serving processes` : '';
  console.log(`Integration dashboard on ${config.publicUrl} (engine /api, AI service /ai, ${config.databaseUrl ? 'PostgreSQL' : `SQLite ${config.sqliteFile}`}, mail via ${engine.mailer.kind}${processes})`);
  const exposed = exposureWarning(config.host, config.production);
  if (exposed) console.warn(exposed);

  // The sync scheduler and webhook delivery, unless WORKERS=off leaves them to `npm run worker`.
  const workers = config.workers === 'inline' ? await startInlineWorkers(engine) : undefined;
  stopOnSignal(async () => {
    await workers?.stop();
    await serving?.stop();
    await engine.close();
  });
}

async function startInlineWorkers(engine: Engine): Promise<RunningWorkers | undefined> {
  try {
    return await startWorkers(engine, workerLog);
  } catch (error) {
    if (!(error instanceof WorkersRefused)) throw error;
    // A worker process already runs them: this engine serves requests without its own.
    console.warn(`Workers not started here: ${error.message}`);
    return undefined;
  }
}

/** Stops once on the first SIGINT or SIGTERM (Ctrl-C reaches every process of the engine). */
function stopOnSignal(stop: () => Promise<void>): void {
  let stopping: Promise<void> | undefined;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      stopping ??= stop().then(() => process.exit(0));
    });
  }
}
