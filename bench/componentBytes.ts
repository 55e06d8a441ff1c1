import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

// The knit-auth component's script against its budget (bench/budgets.json, authComponent): what a
// customer's page downloads for it, counted gzip-compressed (every browser accepts gzip; the
// engine sends the smaller brotli file to those that accept br). Read from the build alone.

export interface ComponentBudget {
  /** The build's folder and the script in it. */
  dir: string;
  file: string;
  maxGzipKb: number;
}

export interface ComponentBytes {
  name: string;
  gzipBytes: number;
  maxGzipKb: number;
}

export function readComponentBudget(file = new URL('./budgets.json', import.meta.url)): ComponentBudget {
  const budget = (JSON.parse(readFileSync(file, 'utf8')) as { authComponent?: ComponentBudget }).authComponent;
  if (!budget) throw new Error('bench/budgets.json has no authComponent budget');
  return budget;
}

export function componentBytes(budget: ComponentBudget): ComponentBytes {
  const script = join(budget.dir, budget.file);
  if (!existsSync(script)) throw new Error(`${script} is missing: build the component first (npm run build:auth-component)`);
  const gzipped = `${script}.gz`;
  const gzipBytes = existsSync(gzipped) ? statSync(gzipped).size : gzipSync(readFileSync(script), { level: 9 }).length;
  return { name: `/${budget.file}`, gzipBytes, maxGzipKb: budget.maxGzipKb };
}

export const componentWithinBudget = (bytes: ComponentBytes) => bytes.gzipBytes / 1000 <= bytes.maxGzipKb;
