import { loadConfig } from './config.ts';
import { createEngine } from './engine.ts';
import { seedDemo } from './seed/index.ts';
import { exposureWarning } from './startupWarnings.ts';

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
const exposed = exposureWarning(config.host, config.production);
if (exposed) console.warn(exposed);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void engine.close().then(() => process.exit(0));
  });
}
