import type { DeliveryRun } from './deliveryRate.ts';

// The delivery bench (bench/deliveryRate.ts) as Markdown: signed deliveries per second against
// the 2,000/s goal, the CPU each delivery cost the worker process and PostgreSQL, and the time
// from a run's end to the first delivery of its records.
export const DELIVERIES_PER_SECOND_GOAL = 2_000;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

export function deliveryTable(runs: readonly DeliveryRun[]): string {
  const lines = [
    `# Webhook delivery (${new Date().toISOString().slice(0, 10)}, one worker process, a receiver on 127.0.0.1 verifying every signature)\n`,
    `| database | deliveries (accounts) | deliveries / s | >= ${DELIVERIES_PER_SECOND_GOAL.toLocaleString('en')} / s | worker CPU ms / delivery | PostgreSQL CPU ms / delivery | run end to first delivery, median (each run) ms |`,
    '|---|---:|---:|:---:|---:|---:|---:|',
  ];
  for (const run of runs) {
    const cpu = run.cpu ? [run.cpu.engineMs.toFixed(3), run.label === 'postgres' ? run.cpu.postgresMs.toFixed(3) : ''] : ['', ''];
    lines.push(`| ${run.label} | ${run.deliveries.toLocaleString('en')} (${run.accounts}) | ${Math.round(run.perSecond).toLocaleString('en')} | ${run.perSecond >= DELIVERIES_PER_SECOND_GOAL ? 'yes' : 'no'} | ${cpu.join(' | ')} | ${median(run.runEndToFirstDelivery)} (${run.runEndToFirstDelivery.join(', ')}) |`);
  }
  return lines.join('\n');
}
