import { prepareContractValidators } from './app.ts';
import { loadConfig } from './config.ts';
import { createEngine } from './engine.ts';
import { seedDemo } from './seed/index.ts';
import { exposureWarning } from './startupWarnings.ts';
import { startWorkers, WorkersRefused, type RunningWorkers } from './services/workers.ts';
import { workerLog } from './workerLog.ts';

// `npm start` / `npm run engine`: one process serves the dashboard, the engine (/api) and the AI
// service (/ai) on one port. A fresh database gets the small demo organisation on first start.
const config = loadConfig();
const engine = await createEngine(config);
if (process.env.SEED_DEMO !== 'false') {
  const demo = await seedDemo(engine.db, { scale: 'small', signingSecret: config.signingSecret });
  const mailbox = engine.mailer.kind === 'devMailbox' ? ` (the code is printed here and listed at ${config.publicUrl}/api/dev.mailbox?to=${demo.adminEmail})` : '';
  console.log(`Demo organisation "${demo.orgName}" ${demo.created ? 'seeded' : 'ready'}: sign in as ${demo.adminEmail}${mailbox}`);
}
await engine.app.listen({ port: config.port, host: config.host });
console.log(`Integration dashboard on ${config.publicUrl} (engine /api, AI service /ai, ${config.databaseUrl ? 'PostgreSQL' : `SQLite ${config.sqliteFile}`}, mail via ${engine.mailer.kind})`);
void prepareContractValidators();
const exposed = exposureWarning(config.host, config.production);
if (exposed) console.warn(exposed);

// The sync scheduler and webhook delivery, unless WORKERS=off leaves them to `npm run worker`.
const workers = config.workers === 'inline' ? await startInlineWorkers() : undefined;

async function startInlineWorkers(): Promise<RunningWorkers | undefined> {
  try {
    return await startWorkers(engine, workerLog);
  } catch (error) {
    if (!(error instanceof WorkersRefused)) throw error;
    // A worker process already runs them: this engine serves requests without its own.
    console.warn(`Workers not started here: ${error.message}`);
    return undefined;
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void (workers?.stop() ?? Promise.resolve()).then(() => engine.close()).then(() => process.exit(0));
  });
}
