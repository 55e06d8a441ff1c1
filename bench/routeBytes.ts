import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

// JavaScript bytes per route, read from the build alone (no browser): the chunks a route loads are
// the entry's, the shell's for a /dashboard route, its screen module's and those of the modules it
// loads lazily while it first renders, each with the static imports of its chunk, counted once.
// A chunk weighs what the browser downloads: its brotli file where the build wrote one (the engine
// serves that to every browser that accepts br), else the file itself.

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface RouteBudget {
  /** The page's module, relative to src/dashboard (a dynamic import of the build). */
  module: string;
  maxKb?: number;
  /** Modules the page imports lazily during its first render. */
  loads?: string[];
  /** CSS selector of the route's first meaningful content (the bench times its appearance). */
  firstContent?: string;
}

export interface Goals {
  firstContentColdMs: number;
  firstContentWarmMs: number;
  lighthousePerformance: number;
  lighthouseAccessibility: number;
}

export interface Budgets {
  entry: string;
  /** `loads`: what every /dashboard route imports lazily as it first renders (the version check). */
  shell: { module: string; maxKb: number; loads?: string[] };
  dashboardRouteMaxKb: number;
  publicRouteMaxKb: number;
  routes: Record<string, RouteBudget>;
  goals: Goals;
}

export interface RouteBytes {
  /** A route (/signup), 'shell', or the module of a page no route names. */
  name: string;
  bytes: number;
  maxKb: number;
  files: string[];
  /** The lazily loaded modules a visit passes on its way to this one (none for a named route). */
  via: string[];
}

export const kb = (bytes: number) => bytes / 1000;

export function readBudgets(file = new URL('./budgets.json', import.meta.url)): Budgets {
  return JSON.parse(readFileSync(file, 'utf8')) as Budgets;
}

/** Bytes per route of the build in `dir` (dist/dashboard), against `budgets`. */
export function routeBytes(dir: string, budgets: Budgets): RouteBytes[] {
  const manifestFile = join(dir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: build the dashboard first (npm run build)`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const weight = (file: string) => statSync(join(dir, existsSync(join(dir, `${file}.br`)) ? `${file}.br` : file)).size;
  return measuredLoads(manifest, budgets, weight);
}

/**
 * Every load the budgets hold (the shell, each named route, every other lazily loaded module on
 * its way from the entry): its files by the manifest, weighed by `weight`. The build plans its
 * chunk groups from the same loads (scripts/chunkGroups.ts).
 */
export function measuredLoads(manifest: Manifest, budgets: Budgets, weight: (file: string) => number): RouteBytes[] {
  const chunk = (key: string) => {
    const found = manifest[key];
    if (!found) throw new Error(`budgets.json names ${key}, which the build does not have as a module of its own`);
    return found;
  };
  const closure = (keys: readonly string[], into = new Set<string>()) => {
    const visit = (key: string) => {
      const { file, imports = [] } = chunk(key);
      if (into.has(file)) return;
      into.add(file);
      imports.forEach(visit);
    };
    keys.forEach(visit);
    return into;
  };
  const measure = (name: string, maxKb: number, keys: readonly string[], via: string[] = []): RouteBytes => {
    const files = [...closure(keys)].sort();
    return { name, maxKb, files, via, bytes: files.reduce((sum, file) => sum + weight(file), 0) };
  };

  const shellKeys = [budgets.entry, budgets.shell.module, ...(budgets.shell.loads ?? [])];
  const rows = [measure('shell', budgets.shell.maxKb, shellKeys)];
  const named = new Set<string>();
  for (const [route, budget] of Object.entries(budgets.routes)) {
    const dashboard = route.startsWith('/dashboard');
    named.add(budget.module);
    const max = budget.maxKb ?? (dashboard ? budgets.dashboardRouteMaxKb : budgets.publicRouteMaxKb);
    rows.push(measure(route, max, [...(dashboard ? shellKeys : [budgets.entry]), budget.module, ...(budget.loads ?? [])]));
  }
  // Every other lazily loaded module gets the default budget of its kind, so a new screen is
  // checked without being named here: it weighs what a first visit that reaches it loads, the
  // modules lazily imported on the way to it included (the sign-up page before its code step, the
  // shell and its version check before any screen).
  const via = lazyPaths(manifest, budgets.entry);
  for (const [key, path] of via) {
    if (named.has(key) || key === budgets.shell.module || budgets.shell.loads?.includes(key)) continue;
    const dashboard = path.includes(budgets.shell.module);
    const keys = [...(dashboard ? shellKeys : [budgets.entry]), ...path, key];
    rows.push(measure(key, dashboard ? budgets.dashboardRouteMaxKb : budgets.publicRouteMaxKb, keys, path));
  }
  return rows;
}

/**
 * Every lazily imported module, with the lazily imported modules a visit passes on its way from
 * the entry to it (nearest first found, breadth first).
 */
function lazyPaths(manifest: Manifest, entry: string): Map<string, string[]> {
  const paths = new Map<string, string[]>();
  const queue: { key: string; path: string[] }[] = [{ key: entry, path: [] }];
  const seen = new Set<string>([entry]);
  while (queue.length > 0) {
    const { key, path } = queue.shift()!;
    const chunk = manifest[key];
    if (!chunk) continue;
    for (const next of chunk.imports ?? []) {
      if (!seen.has(next)) { seen.add(next); queue.push({ key: next, path }); }
    }
    for (const next of chunk.dynamicImports ?? []) {
      if (seen.has(next)) continue;
      seen.add(next);
      paths.set(next, path);
      queue.push({ key: next, path: [...path, next] });
    }
  }
  return paths;
}

export const overBudget = (rows: readonly RouteBytes[]) => rows.filter((row) => kb(row.bytes) > row.maxKb);

/** A Markdown table of the rows, over-budget ones marked. */
export function budgetTable(rows: readonly RouteBytes[]): string {
  const lines = ['| route | JavaScript kB (brotli) | budget kB | within |', '|---|---:|---:|:---:|'];
  for (const row of rows) lines.push(`| ${row.name} | ${kb(row.bytes).toFixed(1)} | ${row.maxKb} | ${kb(row.bytes) <= row.maxKb ? 'yes' : '**no**'} |`);
  return lines.join('\n');
}
