import { budgetTable, overBudget, readBudgets, routeBytes } from './routeBytes.ts';

// `npm run check:budgets`: JavaScript bytes per route from the built dashboard's manifest against
// bench/budgets.json; fails when a route is over its budget. Part of the test command, after the
// build: quick (no browser, no timings), so a change that makes a route heavier fails CI.
const dir = process.argv[2] ?? 'dist/dashboard';
const rows = routeBytes(dir, readBudgets());
console.log(budgetTable(rows));
const over = overBudget(rows);
if (over.length > 0) {
  console.error(`\nOver budget: ${over.map((row) => row.name).join(', ')} (bench/budgets.json)`);
  process.exit(1);
}
