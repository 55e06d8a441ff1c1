import { type Budgets, type Manifest, measuredLoads } from '../bench/routeBytes.ts';

// Which modules of the dashboard's build go together into bigger chunks, planned from a first build
// with the bundler's own splitting (vite.config.ts). That splitting makes one chunk per set of
// lazily loaded modules that share code: with some fifty of them (routes, dialogs, popups,
// sign-up steps) a list screen's first visit fetched 85 files, most of 1 to 3 kB, and a browser
// fetches six at a time from one host over HTTP/1.1, so the page waited on round trips, not bytes.
//
// The loads are those the byte budgets hold (bench/routeBytes.ts `measuredLoads`: the shell, each
// route bench/budgets.json names, and every other lazily loaded module on its way from the entry).
// Chunks merge when each load that must stay as it is has all of them or none: the shell, the
// named routes and what a public route loads later then download the same modules as before, in
// fewer files. Any other load may take code it does not use, up to its budget. The entry's chunks
// stay as they are, and so does each lazily loaded module's own chunk (the one its importers name).

/** What the plan needs of a chunk of the first build (rolldown's OutputChunk has these). */
export interface PlannedChunk {
  fileName: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: readonly string[];
  imports: readonly string[];
  code: string;
}

/**
 * Group name by module id, from the first build's chunks and manifest. A load that merging would
 * take over its budget (weighed by `weigh`, the merged parts compressed together) joins those that
 * must stay as they are, and the plan is made again, until none is over.
 */
export function planChunkGroups(chunks: readonly PlannedChunk[], manifest: Manifest, budgets: Budgets, weigh: (code: string) => number): Map<string, string> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entryFiles = new Set<string>();
  const visit = (file: string) => {
    if (entryFiles.has(file)) return;
    entryFiles.add(file);
    for (const next of byFile.get(file)?.imports ?? []) visit(next);
  };
  for (const chunk of chunks) if (chunk.isEntry) visit(chunk.fileName);

  const loads = measuredLoads(manifest, budgets, () => 0).map((load) => ({ ...load, files: new Set(load.files) }));
  // Kept: the shell, each named route, and what a public route loads later (the sign-up's steps).
  const named = new Set(['shell', ...Object.keys(budgets.routes)]);
  const publicPages = Object.entries(budgets.routes).filter(([route]) => !route.startsWith('/dashboard')).map(([, budget]) => budget.module);
  const kept = loads.filter((load) => named.has(load.name) || load.via.some((module) => publicPages.includes(module)));
  // A merged chunk weighs what its parts' code weighs together (compressed, they share a dictionary).
  const weights = new Map<string, number>();
  const weightOf = (parts: readonly string[]) => {
    const key = parts.join(' ');
    let weight = weights.get(key);
    if (weight === undefined) weights.set(key, (weight = weigh(parts.map((file) => byFile.get(file)?.code ?? '').join('\n'))));
    return weight;
  };
  for (;;) {
    const merged = mergeBySignature(chunks, entryFiles, kept.map((load) => load.files));
    const over = loads
      .filter((load) => !kept.includes(load))
      .map((load) => {
        const units = new Set([...loadAfterMerging(load.files, merged, byFile)].map((file) => merged.get(file) ?? [file]));
        return { load, kb: [...units].reduce((sum, parts) => sum + weightOf(parts), 0) / 1000 };
      })
      .filter(({ load, kb }) => kb > load.maxKb)
      .sort((a, b) => b.kb - b.load.maxKb - (a.kb - a.load.maxKb));
    if (over.length === 0) return groupNames(merged, byFile, chunks);
    kept.push(over[0]!.load);
  }
}

/** A load's files once chunks are merged: a merged chunk brings all its parts and what any of them imports. */
function loadAfterMerging(files: Set<string>, merged: Map<string, string[]>, byFile: Map<string, PlannedChunk>): Set<string> {
  const result = new Set<string>();
  const visit = (file: string) => {
    for (const part of merged.get(file) ?? [file]) {
      if (result.has(part)) continue;
      result.add(part);
      for (const next of byFile.get(part)?.imports ?? []) visit(next);
    }
  };
  files.forEach(visit);
  return result;
}

/** Chunk files that share a signature over `loads`, by each of their files (entry files apart). */
function mergeBySignature(chunks: readonly PlannedChunk[], entryFiles: Set<string>, loads: readonly Set<string>[]): Map<string, string[]> {
  const bySignature = new Map<string, string[]>();
  for (const chunk of chunks) {
    if (entryFiles.has(chunk.fileName)) continue;
    const signature = loads.map((files) => (files.has(chunk.fileName) ? '1' : '0')).join('');
    if (!signature.includes('1')) continue;
    bySignature.set(signature, [...(bySignature.get(signature) ?? []), chunk.fileName]);
  }
  const merged = new Map<string, string[]>();
  for (const files of bySignature.values()) if (files.length > 1) for (const file of files) merged.set(file, files);
  return merged;
}

/** Group name by module id; a lazily loaded module's own module keeps its chunk (its importers name it). */
function groupNames(merged: Map<string, string[]>, byFile: Map<string, PlannedChunk>, chunks: readonly PlannedChunk[]): Map<string, string> {
  const facades = new Set(chunks.filter((chunk) => chunk.isDynamicEntry).map((chunk) => chunk.facadeModuleId));
  const groups = new Map<string, string>();
  for (const files of new Set(merged.values())) {
    // Named after its first chunk, so the file name still says something of what it holds.
    const name = `${files[0]!.replace(/^.*\//, '').replace(/-[\w-]{8}\.js$/, '')}-group`;
    for (const file of files) for (const id of byFile.get(file)!.moduleIds) if (!facades.has(id)) groups.set(id, name);
  }
  return groups;
}
