// A content-addressed cache for codegen's two slow steps, prettier on each file and orval on each
// service's mock input. Both are pure functions of their input, their options and the tool's
// version, so an entry keyed by all three is exactly what a fresh run would produce: a run whose
// contract changed in one place redoes only what that change reaches, and `codegen:check` right
// after `codegen` (or the codegen tests, which run the pipeline on edited copies of the contract)
// formats nothing twice.
//
// Entries live under node_modules/.cache/codegen/ (CODEGEN_CACHE_DIR moves them; CODEGEN_CACHE=off
// turns the cache off). Each entry is written to a temporary file and renamed into place, so a run
// killed half-way, or two runs at once, never leave a torn entry. A hit refreshes the entry's
// time; entries unused for PRUNE_AFTER_DAYS are removed once per process.
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PRUNE_AFTER_DAYS = 14;
const DEFAULT_DIR = fileURLToPath(new URL('../node_modules/.cache/codegen/', import.meta.url));

/** The cache folder, or undefined when the cache is off. Read per call, so tests can point it elsewhere. */
function cacheDir(): string | undefined {
  if (process.env.CODEGEN_CACHE === 'off') return undefined;
  return process.env.CODEGEN_CACHE_DIR || DEFAULT_DIR;
}

/** The installed version of a package, part of every key of the step that uses it. */
export function packageVersion(name: string): string {
  const require = createRequire(import.meta.url);
  return (JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string }).version;
}

/** The key of an input: a hash of the step's name and every part that decides its output. */
export function cacheKey(step: string, parts: readonly unknown[]): string {
  const hash = createHash('sha256').update(step);
  for (const part of parts) hash.update('\0').update(typeof part === 'string' ? part : JSON.stringify(part));
  return `${step}-${hash.digest('hex')}`;
}

/** The stored output of `key`, or undefined when there is none (or the cache is off). */
export function readCached(key: string): string | undefined {
  const dir = cacheDir();
  if (!dir) return undefined;
  const file = join(dir, key);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const now = new Date();
    utimesSync(file, now, now);
  } catch {
    // Pruned by another run meanwhile, or a read-only cache: the text read is still the output.
  }
  return text;
}

/** Stores `output` under `key`, whole or not at all; a cache that cannot be written is skipped (it only saves time). */
export function writeCached(key: string, output: string): void {
  const dir = cacheDir();
  if (!dir) return;
  const temporary = join(dir, `.${key}.${process.pid}.${randomBytes(4).toString('hex')}`);
  try {
    mkdirSync(dir, { recursive: true });
    pruneOnce(dir);
    writeFileSync(temporary, output);
    renameSync(temporary, join(dir, key));
  } catch {
    try {
      rmSync(temporary, { force: true });
    } catch {
      // Nothing was written there.
    }
  }
}

/** The cached output of `key`, or `compute`'s, which is then stored. */
export async function cached(key: string, compute: () => Promise<string>): Promise<string> {
  const hit = readCached(key);
  if (hit !== undefined) return hit;
  const output = await compute();
  writeCached(key, output);
  return output;
}

const pruned = new Set<string>();
function pruneOnce(dir: string): void {
  if (pruned.has(dir)) return;
  pruned.add(dir);
  const oldest = Date.now() - PRUNE_AFTER_DAYS * 86_400_000;
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    try {
      if (statSync(file).mtimeMs < oldest) rmSync(file, { force: true });
    } catch {
      // Another run removed or renamed it meanwhile.
    }
  }
}
