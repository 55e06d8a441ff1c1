import { operations } from '../generated/engine/operations.ts';
import { handlers } from './handlers/index.ts';

// `npm run engine:coverage`: how much of each contract has a handler (the rest answers 501).
for (const service of ['engine', 'ai', 'unified'] as const) {
  const ops = operations.filter((op) => op.service === service);
  const done = ops.filter((op) => handlers[op.operationId]);
  console.log(`${service}: ${done.length}/${ops.length} operations implemented`);
  if (process.argv.includes('--missing')) for (const op of ops.filter((o) => !handlers[o.operationId])) console.log(`  501 ${op.operationId}`);
}
