// The platform-team story end to end: add a field to a list row schema and a column for it in the
// operation's x-resource, run codegen on a copy of the contract, and the generated resource shows
// the column, with nothing in the repo touched. Also: codegen:check fails on a changed and on an
// orphaned file.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import type { ResourceDefinition } from '../../codegen/templates/resourceTypes.ts';

const REPO = resolve(__dirname, '../..');
const SOURCE_CONTRACT = join(REPO, 'openapi');
/** Folders no test should compare: dependencies, VCS, scratch and run-time data. */
const SKIP = new Set(['node_modules', '.git', '.tmp', 'data', 'dist', 'coverage', 'test-results', 'playwright-report']);
const NEW_FIELD = 'codegenProbeAt';
const NEW_COLUMN = { source: NEW_FIELD, label: 'Probe at', kind: 'date' };

function runCodegen(...args: string[]): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(REPO, 'codegen/generate.ts'), ...args], {
    cwd: REPO,
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

function hashTree(dir: string, root = dir, out = new Map<string, string>()): Map<string, string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) hashTree(full, root, out);
    else if (entry.isFile()) out.set(relative(root, full), createHash('sha256').update(readFileSync(full)).digest('hex'));
  }
  return out;
}

type Node = Record<string, unknown>;
type Located = { file: string; node: Node };

/** YAML files of the copied contract, parsed once, written back at the end. */
class YamlFiles {
  private readonly docs = new Map<string, Node>();
  load(file: string): Node {
    if (!this.docs.has(file)) this.docs.set(file, YAML.parse(readFileSync(file, 'utf8')) as Node);
    return this.docs.get(file)!;
  }
  /** Follows $refs across files; returns the node and the file it lives in. */
  follow(file: string, node: Node): Located {
    while (typeof node.$ref === 'string') {
      const [target, pointer] = node.$ref.split('#');
      if (target) file = resolve(dirname(file), target);
      node = (pointer ?? '').split('/').filter(Boolean).reduce<Node>((at, key) => at[key] as Node, this.load(file));
    }
    return { file, node };
  }
  saveAll(): void {
    for (const [file, doc] of this.docs) writeFileSync(file, YAML.stringify(doc));
  }
}

/** The object schema holding `name` in its properties (directly or in an allOf member). */
function withProperty(files: YamlFiles, file: string, node: Node, name: string): Located | undefined {
  const at = files.follow(file, node);
  if ((at.node.properties as Node | undefined)?.[name]) return at;
  for (const part of (at.node.allOf as Node[] | undefined) ?? []) {
    const found = withProperty(files, at.file, part, name);
    if (found) return found;
  }
  return undefined;
}

/** The object schema a new row field goes into: the row itself, or its allOf member with properties. */
function editableRow(files: YamlFiles, file: string, node: Node): Located | undefined {
  const at = files.follow(file, node);
  if (at.node.properties) return at;
  const parts = ((at.node.allOf as Node[] | undefined) ?? []).map((part) => files.follow(at.file, part));
  return parts.reverse().find((part) => part.node.properties);
}

/** Picks the first engine list operation whose row schema can take a new field, and edits it. */
function addProbeColumn(contract: string): { resource: string; columns: number } {
  const files = new YamlFiles();
  const rootFile = join(contract, 'engine/openapi.yaml');
  for (const ref of Object.values(files.load(rootFile).paths as Record<string, Node>)) {
    const { file, node: item } = files.follow(rootFile, ref);
    for (const operation of Object.values(item) as Node[]) {
      const resource = operation?.['x-resource'] as (Node & { columns: Node[]; rows: string; name: string }) | undefined;
      if (!resource) continue;
      const response = files.follow(file, (operation.responses as Node)['200'] as Node);
      const media = (response.node.content as Node)['application/json'] as Node;
      let at: Located | undefined = { file: response.file, node: media.schema as Node };
      for (const step of resource.rows.split('.')) {
        const holder: Located | undefined = at && withProperty(files, at.file, at.node, step);
        at = holder && files.follow(holder.file, (holder.node.properties as Node)[step] as Node);
      }
      const row = at && at.node.items ? editableRow(files, at.file, at.node.items as Node) : undefined;
      if (!row) continue;
      (row.node.properties as Node)[NEW_FIELD] = {
        type: 'integer',
        'x-timestamp': 'ms',
        description: 'Added by the codegen pipeline test (unix milliseconds).',
      };
      const columns = resource.columns.length;
      resource.columns.splice(1, 0, NEW_COLUMN);
      files.saveAll();
      return { resource: resource.name, columns };
    }
  }
  throw new Error('no engine x-resource operation with an editable row schema');
}

describe('codegen pipeline on a copy of the contract', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'codegen-pipeline-test-'));
  const contract = join(scratch, 'openapi');
  const out = join(scratch, 'generated');
  let before: Map<string, string>;
  let edited: { resource: string; columns: number };
  let run: { status: number | null; output: string };

  beforeAll(() => {
    before = hashTree(REPO);
    cpSync(SOURCE_CONTRACT, contract, { recursive: true });
    edited = addProbeColumn(contract);
    run = runCodegen('--contract', contract, '--out', out);
  }, 120_000);

  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('generates the new column in place, with its source, kind and timestamp unit', async () => {
    expect(run.output).toContain('codegen:');
    expect(run.status).toBe(0);
    const file = join(out, 'resources', `${edited.resource}.ts`);
    expect(readFileSync(file, 'utf8').startsWith('// Generated by codegen/generators/resources.ts from openapi/. Do not edit.')).toBe(true);
    const module = (await import(pathToFileURL(file).href)) as Record<string, ResourceDefinition>;
    const definition = Object.values(module).find((value) => value?.name === edited.resource);
    expect(definition).toBeDefined();
    expect(definition!.columns).toHaveLength(edited.columns + 1);
    expect(definition!.columns[1]).toEqual({ source: NEW_FIELD, label: 'Probe at', kind: 'date', timestampUnit: 'ms' });
  });

  it('types the new field in the generated API types', () => {
    expect(readFileSync(join(out, 'api', 'engine.ts'), 'utf8')).toContain(`${NEW_FIELD}?: number`);
  });

  it('touches nothing in the repository (src/generated and hand-written files)', () => {
    const after = hashTree(REPO);
    const touched = [...new Set([...before.keys(), ...after.keys()])].filter((path) => before.get(path) !== after.get(path));
    expect(touched).toEqual([]);
  });

  it('codegen:check finds exactly the changed and the orphaned file of a fresh output', () => {
    // One check run sees both kinds of drift, and that nothing else differs from a fresh output
    // (each codegen run costs seconds of the unit step; the test command's own codegen check
    // passes on the repository's output).
    const changedFile = join(out, 'resources', `${edited.resource}.ts`);
    const original = readFileSync(changedFile, 'utf8');
    appendFileSync(changedFile, '// hand edit\n');
    const orphan = join(out, 'resources', 'orphan.ts');
    writeFileSync(orphan, 'export {};\n');
    const drifted = runCodegen('--check', '--contract', contract, '--out', out);
    expect(drifted.status).toBe(1);
    expect(drifted.output).toContain(`changed  resources/${edited.resource}.ts`);
    expect(drifted.output).toContain('orphaned resources/orphan.ts');
    expect(drifted.output.match(/^\s*changed /gm) ?? [], drifted.output).toHaveLength(1);
    writeFileSync(changedFile, original);
    rmSync(orphan);
  }, 120_000);
});
