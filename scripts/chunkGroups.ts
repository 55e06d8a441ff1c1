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
 * Group name by module id, from the first build's chunks and manifest. Chunks that the kept loads
 * (the shell, each named route, a public route's later steps) take all of or none of may merge,
 * so those download exactly what they did, in fewer files. Any other load may then take code it
 * does not use, within its budget (weighed by `weigh`, the merged parts compressed together).
 * Groups are packed first fit, biggest first: first only merges that no other load takes more
 * bytes for, then those that keep every load within its budget. Packing chunk by chunk leaves
 * apart only what would take some load over; splitting every group by that load's needs instead
 * (the earlier plan) left the logs screen's first visit 60 files, against 26 when this came in.
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
  const named = new Set(['shell', ...Object.keys(budgets.routes)]);
  const publicPages = Object.entries(budgets.routes).filter(([route]) => !route.startsWith('/dashboard')).map(([, budget]) => budget.module);
  const kept = loads.filter((load) => named.has(load.name) || load.via.some((module) => publicPages.includes(module)));
  const others = loads.filter((load) => !kept.includes(load));
  const weights = new Map<string, number>();
  const weightOf = (parts: readonly string[]) => {
    const key = parts.join(' ');
    let weight = weights.get(key);
    if (weight === undefined) weights.set(key, (weight = weigh(parts.map((file) => byFile.get(file)?.code ?? '').join('\n'))));
    return weight;
  };

  const merged = new Map<string, string[]>();
  const unitOf = (file: string) => merged.get(file) ?? [file];
  const kbOf = (files: Set<string>) => [...new Set([...files].map(unitOf))].reduce((sum, parts) => sum + weightOf(parts), 0) / 1000;
  const join = (group: string[], unit: string[], allowGrowth: boolean): boolean => {
    const candidate = [...group, ...unit];
    const before = others.map((load) => loadAfterMerging(load.files, merged, byFile));
    for (const file of candidate) merged.set(file, candidate);
    const fits = others.every((load, i) => {
      const after = loadAfterMerging(load.files, merged, byFile);
      return after.size === before[i]!.size || (allowGrowth && kbOf(after) <= load.maxKb);
    });
    if (fits) return true;
    for (const part of [group, unit]) for (const file of part) merged.set(file, part);
    return false;
  };
  const classes = bySignature(chunks, entryFiles, kept.map((load) => load.files));
  for (const allowGrowth of [false, true]) {
    for (const files of classes) {
      const units = [...new Set(files.map(unitOf))].sort((a, b) => weightOf(b) - weightOf(a) || (a[0]! < b[0]! ? -1 : 1));
      const packed: string[][] = [];
      for (const unit of units) {
        const index = packed.findIndex((group) => join(group, unit, allowGrowth));
        if (index >= 0) packed[index] = unitOf(unit[0]!);
        else packed.push(unit);
      }
    }
  }
  for (const [file, group] of merged) if (group.length < 2) merged.delete(file);
  return groupNames(merged, byFile, chunks);
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

/** Chunk files by their signature over `loads` (which of them take the chunk), entry files and chunks no load takes apart. */
function bySignature(chunks: readonly PlannedChunk[], entryFiles: Set<string>, loads: readonly Set<string>[]): string[][] {
  const classes = new Map<string, string[]>();
  for (const chunk of chunks) {
    if (entryFiles.has(chunk.fileName)) continue;
    const signature = loads.map((files) => (files.has(chunk.fileName) ? '1' : '0')).join('');
    if (!signature.includes('1')) continue;
    classes.set(signature, [...(classes.get(signature) ?? []), chunk.fileName]);
  }
  return [...classes.values()].filter((files) => files.length > 1);
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
