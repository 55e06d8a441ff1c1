import { componentBytes, componentWithinBudget, readComponentBudget } from './componentBytes.ts';
import { budgetTable, overBudget, readBudgets, routeBytes } from './routeBytes.ts';

// `npm run check:budgets`: JavaScript bytes per route from the built dashboard's manifest against
// bench/budgets.json, and the knit-auth component's script against its own budget; fails when
// either is over. Part of the test command, after the builds: quick (no browser, no timings), so a
// change that makes a route or the component heavier fails CI.
const dir = process.argv[2] ?? 'dist/dashboard';
const rows = routeBytes(dir, readBudgets());
console.log(budgetTable(rows));
const component = componentBytes(readComponentBudget());
console.log(`\nknit-auth component ${component.name}: ${(component.gzipBytes / 1000).toFixed(1)} kB gzip, budget ${component.maxGzipKb} kB`);
const over = [...overBudget(rows).map((row) => row.name), ...(componentWithinBudget(component) ? [] : [component.name])];
if (over.length > 0) {
  console.error(`\nOver budget: ${over.join(', ')} (bench/budgets.json)`);
  process.exit(1);
}
