import { readFileSync } from 'node:fs';
import type { DeliveryRun } from './deliveryRate.ts';
import { deliveryTable } from './deliveryReport.ts';
import { FLOOR_CASE } from './listCases.ts';
import type { BenchRun } from './listLatency.ts';
import { pageTable } from './pageReport.ts';

// Prints the benchmark runs as Markdown: every list call with its p50/p99 against the 10 ms p99
// target, each keyset page's speed-up over OFFSET, the CPU each request cost the engine,
// PostgreSQL and the load generator (bench/processCpu.ts), every measured route in Chromium against its budgets, and the
// webhook delivery speed (bench/deliveryReport.ts).
//   tsx bench/report.ts [--previous bench/results.md] <run.json>...
// A part measured in none of the given runs (BENCH_PARTS left it out) keeps its section from the
// previous results.
const TARGET_P99_MS = 10;
const args = process.argv.slice(2);
const previousAt = args.indexOf('--previous');
const previous = previousAt >= 0 ? readFileSync(args.splice(previousAt, 2)[1]!, 'utf8') : '';
// SQLite first, as the tables have always shown it.
const runs = args.map((file) => JSON.parse(readFileSync(file, 'utf8')) as BenchRun | DeliveryRun)
  .sort((a, b) => Number(b.label === 'sqlite') - Number(a.label === 'sqlite'));
const listRuns = runs.filter((run): run is BenchRun => !('kind' in run));
const deliveryRuns = runs.filter((run): run is DeliveryRun => 'kind' in run && run.kind === 'delivery');
const ms = (n: number) => n.toFixed(2);

function listSection(): string {
  const lines = [`# List latency (${new Date().toISOString().slice(0, 10)}, ${listRuns[0]?.concurrency ?? 10} concurrent connections, page of 10)\n`];
  for (const run of listRuns) {
    // Runs from before the engine could serve from several processes had one.
    const processes = run.engineProcesses ?? 1;
    lines.push(`- ${run.label}: ${run.rows.toLocaleString('en')} API-log rows, seeded in ${run.seedSeconds.toFixed(0)} s; the engine serves from ${processes} process${processes === 1 ? '' : 'es'}`);
  }
  lines.push(`\n| database | call | depth | p50 ms | p99 ms | p99 <= ${TARGET_P99_MS} ms | OFFSET p99 / keyset p99 | engine CPU ms / request | PostgreSQL CPU ms / request | load generator CPU ms / request | CPU stolen by the host |`);
  lines.push('|---|---|---:|---:|---:|:---:|---:|---:|---:|---:|---:|');
  for (const run of listRuns) {
    for (const r of run.results) {
      const baseline = r.name.includes('OFFSET');
      const base = run.results.find((b) => b.name.startsWith(r.name.split(',')[0]!) && b.name.includes('OFFSET'));
      // The sync-runs baseline is the bare SQL (the call has no OFFSET mode), so no ratio is claimed for it.
      const ratio = r.name.includes('keyset') && base && !base.name.includes('SQL') ? `${(base.p99 / r.p99).toFixed(1)}x` : '';
      // Baselines and the floor are references, not calls of the product: no target is claimed for them.
      const target = baseline || r.name === FLOOR_CASE ? '' : r.p99 <= TARGET_P99_MS ? 'yes' : 'no';
      // Runs from before the load generator counted its own CPU have no figure for it.
      const stolen = r.cpu?.stolenPercent === undefined ? '' : `${r.cpu.stolenPercent.toFixed(1)}%`;
      const cpu = r.cpu ? [r.cpu.engineMs.toFixed(3), run.label === 'postgres' ? r.cpu.postgresMs.toFixed(3) : '', r.cpu.loadGeneratorMs?.toFixed(3) ?? '', stolen] : ['', '', '', ''];
      lines.push(`| ${run.label} | ${r.name} | ${r.depth.toLocaleString('en')} | ${ms(r.p50)} | ${ms(r.p99)} | ${target} | ${ratio} | ${cpu.join(' | ')} |`);
    }
  }
  if (listRuns.some((run) => run.results.some((r) => r.name === FLOOR_CASE))) {
    lines.push(`\n"${FLOOR_CASE}": a bare Node server (bench/floorServer.ts, as many processes as the engine) answering the engine's statement for that page through the database driver alone, then the rows as JSON compressed as the engine compresses it; no framework, session, validation or headers. Measured under the same load in the same run, it is what any Node server answering from this database costs on this machine.`);
  }
  lines.push(pageTable(listRuns));
  return lines.join('\n');
}

/** A section of the previous results, between its markers (results from before the markers are all list latency). */
function previousSection(name: 'lists' | 'delivery'): string {
  const marked = new RegExp(`<!-- ${name}:start -->\\n([\\s\\S]*?)\\n<!-- ${name}:end -->`).exec(previous);
  if (marked) return marked[1]!;
  return name === 'lists' && previous && !previous.includes('<!-- lists:start -->') ? previous.trimEnd() : '';
}

const sections = {
  lists: listRuns.length > 0 ? listSection() : previousSection('lists'),
  delivery: deliveryRuns.length > 0 ? deliveryTable(deliveryRuns) : previousSection('delivery'),
};
console.log(Object.entries(sections).filter(([, text]) => text).map(([name, text]) => `<!-- ${name}:start -->\n${text}\n<!-- ${name}:end -->`).join('\n\n'));
