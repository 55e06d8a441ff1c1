// Spec-coverage check: every call named in section 7 of both spec files, and every unified API
// call the spec names anywhere by its path (`v1.0/sync.start`), must be an operation of the
// contract. Run by `npm run coverage:spec` (part of `npm test`); exits 1 on any missing call.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export type Service = 'engine' | 'ai' | 'unified';
const SERVICES: readonly Service[] = ['engine', 'ai', 'unified'];
export interface SpecCall { name: string; service: Service; source: string }

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const AI_PREFIXES = ['session.', 'connectors.', 'connector.', 'ai.', 'setup.', 'workflow.'];
const CALL_TOKEN = /\b(?:auth|app|user|session|connectors?|ai|setup|workflow)\.[A-Za-z0-9.]*[A-Za-z0-9](?:\/\{?[A-Za-z]+\}?)?/g;
// The unified API's calls are named by their versioned path, in prose outside section 7 too.
const UNIFIED_CALL = /\bv1\.0\/([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)+)/g;
// Calls the spec names in prose instead of by path: each must be an operation's x-spec-call.
export const PROSE_CALLS: readonly SpecCall[] = [
  { name: 'custom UI details', service: 'engine', source: 'part 1 §7 Personalisation' },
  { name: 'customized e-mail details', service: 'engine', source: 'part 1 §7 Personalisation' },
];

const serviceOf = (name: string): Service => (AI_PREFIXES.some((p) => name.startsWith(p)) ? 'ai' : 'engine');

export function sectionSeven(text: string): string {
  const start = text.search(/^## 7\./m);
  const end = text.search(/^## 8\./m);
  if (start < 0 || end < start) throw new Error('spec has no section 7');
  return text.slice(start, end);
}

// Splits a line on , ; | at bracket depth 0, so payload field lists are not read as call names.
function topLevelSegments(line: string): string[] {
  const segments: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of line) {
    if ('({['.includes(ch)) depth += 1;
    if (')}]'.includes(ch)) depth = Math.max(0, depth - 1);
    if (depth === 0 && ',;|'.includes(ch)) { segments.push(current); current = ''; continue; }
    current += ch;
  }
  segments.push(current);
  return segments.map((s) => s.trim()).filter(Boolean);
}

export function extractCalls(specText: string, source: string): SpecCall[] {
  const found = new Map<string, SpecCall>();
  const add = (name: string) => found.set(name, { name, service: serviceOf(name), source });
  for (const line of sectionSeven(specText).split('\n')) {
    for (const m of line.matchAll(CALL_TOKEN)) add(m[0]);
    // "POST app.data.customFields and /save" names two calls.
    for (const m of line.matchAll(/(app\.[A-Za-z0-9.]+) and \/([A-Za-z]+)/g)) add(`${m[1]}/${m[2]}`);
    // A list that starts with app.X may go on with bare names that share the prefix
    // ("GET /app.gettingStartedStatus, gettingStartedJourneyV3, ..."; "POST deleteMappingPreset").
    for (const cell of line.split('|')) {
      if (!cell.includes('app.')) continue;
      for (const segment of topLevelSegments(cell)) {
        const bare = /^(?:(?:GET|POST)\s+)?\/?([a-z][a-z0-9]*[A-Z][A-Za-z0-9]*)(?:\s*[({?]|\.?$|\s*$)/.exec(segment);
        if (bare && !segment.includes('.' + bare[1])) add(`app.${bare[1]}`);
      }
    }
  }
  for (const m of specText.matchAll(UNIFIED_CALL)) found.set(m[1], { name: m[1], service: 'unified', source });
  return [...found.values()];
}

export interface ContractCalls { paths: Set<string>; specCalls: Set<string> }

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

// A call counts only when its path file exists and holds an operation with an operationId.
export function readContract(contractDir: string, service: Service): ContractCalls {
  const serviceDir = join(contractDir, service);
  const root = parse(readFileSync(join(serviceDir, 'openapi.yaml'), 'utf8'));
  const paths = new Set<string>();
  const specCalls = new Set<string>();
  for (const [path, entry] of Object.entries<Record<string, unknown>>(root.paths ?? {})) {
    const ref = typeof entry?.$ref === 'string' ? join(serviceDir, entry.$ref) : undefined;
    const item = ref ? (existsSync(ref) ? parse(readFileSync(ref, 'utf8')) ?? {} : {}) : entry;
    for (const method of METHODS) {
      const op = item[method] as Record<string, unknown> | undefined;
      if (!op || typeof op.operationId !== 'string') continue;
      paths.add(path.replace(/^\//, ''));
      if (typeof op['x-spec-call'] === 'string') specCalls.add(op['x-spec-call']);
    }
  }
  return { paths, specCalls };
}

export function missingCalls(calls: readonly SpecCall[], contract: Record<Service, ContractCalls>): SpecCall[] {
  return calls.filter(({ name, service }) => {
    const c = contract[service];
    return !(c.paths.has(name) || c.specCalls.has(name));
  });
}

export function runCoverage(specDir: string, contractDir: string) {
  const files = readdirSync(specDir).filter((f) => f.endsWith('.txt')).sort();
  const byName = new Map<string, SpecCall>();
  for (const f of files) {
    for (const call of extractCalls(readFileSync(join(specDir, f), 'utf8'), f)) byName.set(call.name, call);
  }
  for (const call of PROSE_CALLS) byName.set(call.name, call);
  const calls = [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
  const contract = Object.fromEntries(SERVICES.map((service) => [service, readContract(contractDir, service)])) as Record<Service, ContractCalls>;
  return { calls, missing: missingCalls(calls, contract) };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const specDir = process.env.SPEC_DIR ?? resolve(repoRoot, '..', 'shared', 'spec');
  const { calls, missing } = runCoverage(specDir, join(repoRoot, 'openapi'));
  for (const service of SERVICES) {
    const mine = calls.filter((c) => c.service === service);
    const gone = missing.filter((c) => c.service === service);
    console.log(`${service}: ${mine.length} calls named in the spec, ${mine.length - gone.length} in the contract, ${gone.length} missing`);
    for (const c of gone) console.log(`  missing: ${c.name} (${c.source})`);
  }
  if (missing.length > 0) process.exit(1);
}
