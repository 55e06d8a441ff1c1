import type { BenchRun } from './listLatency.ts';
import { kb, readBudgets } from './routeBytes.ts';

// The routes measured in Chromium (bench/pageSpeed.ts) as Markdown, each figure against its limit
// in bench/budgets.json, and a closing line naming every route over a budget or short of a goal.
export function pageTable(runs: readonly BenchRun[]): string {
  const budgets = readBudgets();
  const { goals } = budgets;
  const lines = [
    `\n| database | route | JS kB cold (budget) | first content cold, median (min–max) ms | warm, median (min–max) ms | Lighthouse performance | accessibility |`,
    '|---|---|---:|---:|---:|---:|---:|',
  ];
  const misses: string[] = [];
  const mark = (ok: boolean, text: string) => (ok ? text : `**${text}**`);
  for (const run of runs) {
    for (const page of run.pages ?? []) {
      const budget = budgets.routes[page.route];
      const maxKb = budget?.maxKb ?? (page.route.startsWith('/dashboard') ? budgets.dashboardRouteMaxKb : budgets.publicRouteMaxKb);
      const checks = {
        bytes: kb(page.jsBytes) <= maxKb,
        cold: page.cold.medianMs <= goals.firstContentColdMs,
        warm: page.warm.medianMs <= goals.firstContentWarmMs,
        performance: page.lighthouse ? page.lighthouse.performance >= goals.lighthousePerformance : true,
        accessibility: page.lighthouse ? page.lighthouse.accessibility >= goals.lighthouseAccessibility : true,
      };
      for (const [what, ok] of Object.entries(checks)) if (!ok) misses.push(`${run.label} ${page.route} ${what}`);
      const range = (s: { medianMs: number; minMs: number; maxMs: number }) => `${s.medianMs.toFixed(0)} (${s.minMs.toFixed(0)}–${s.maxMs.toFixed(0)})`;
      lines.push(`| ${run.label} | ${page.route} | ${mark(checks.bytes, `${kb(page.jsBytes).toFixed(1)} (${maxKb})`)} | ${mark(checks.cold, range(page.cold))} | ${mark(checks.warm, range(page.warm))} | ${page.lighthouse ? mark(checks.performance, String(page.lighthouse.performance)) : ''} | ${page.lighthouse ? mark(checks.accessibility, String(page.lighthouse.accessibility)) : ''} |`);
    }
  }
  lines.push(`\nGoals: first content at most ${goals.firstContentColdMs} ms cold and ${goals.firstContentWarmMs} ms warm; Lighthouse performance at least ${goals.lighthousePerformance} and accessibility at least ${goals.lighthouseAccessibility}.`);
  lines.push(misses.length ? `Over a budget or short of a goal: ${misses.join(', ')}.` : 'Every measured route is within its budgets and goals.');
  return lines.join('\n');
}
