import { readFileSync } from 'node:fs';
import type { BenchRun } from './listLatency.ts';
import { pageTable } from './pageReport.ts';

// Prints the benchmark runs as Markdown: every list call with its p50/p99 against the 10 ms p99
// target, each keyset page's speed-up over OFFSET, the CPU each request cost the engine and
// PostgreSQL (bench/processCpu.ts), and every measured route in Chromium against its budgets.
const TARGET_P99_MS = 10;
const runs = process.argv.slice(2).map((file) => JSON.parse(readFileSync(file, 'utf8')) as BenchRun);
const ms = (n: number) => n.toFixed(2);

console.log(`# List latency (${new Date().toISOString().slice(0, 10)}, ${runs[0]?.concurrency ?? 10} concurrent connections, page of 10)\n`);
for (const run of runs) console.log(`- ${run.label}: ${run.rows.toLocaleString('en')} API-log rows, seeded in ${run.seedSeconds.toFixed(0)} s`);
console.log(`\n| database | call | depth | p50 ms | p99 ms | p99 <= ${TARGET_P99_MS} ms | OFFSET p99 / keyset p99 | engine CPU ms / request | PostgreSQL CPU ms / request |`);
console.log('|---|---|---:|---:|---:|:---:|---:|---:|---:|');
for (const run of runs) {
  for (const r of run.results) {
    const baseline = r.name.includes('OFFSET');
    const base = run.results.find((b) => b.name.startsWith(r.name.split(',')[0]!) && b.name.includes('OFFSET'));
    // The sync-runs baseline is the bare SQL (the call has no OFFSET mode), so no ratio is claimed for it.
    const ratio = r.name.includes('keyset') && base && !base.name.includes('SQL') ? `${(base.p99 / r.p99).toFixed(1)}x` : '';
    const target = baseline ? '' : r.p99 <= TARGET_P99_MS ? 'yes' : 'no';
    const cpu = r.cpu ? [r.cpu.engineMs.toFixed(3), run.label === 'postgres' ? r.cpu.postgresMs.toFixed(3) : ''] : ['', ''];
    console.log(`| ${run.label} | ${r.name} | ${r.depth.toLocaleString('en')} | ${ms(r.p50)} | ${ms(r.p99)} | ${target} | ${ratio} | ${cpu.join(' | ')} |`);
  }
}
console.log(pageTable(runs));
