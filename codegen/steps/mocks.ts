// Step c: orval -> src/generated/mocks/, MSW handlers with faker data for component tests.
//
// orval only mocks; openapi-typescript owns the types. orval 8 cannot emit MSW handlers without
// its own client and schema types, so it runs in a scratch folder (`mode: 'split'` keeps the
// handlers in `<service>.msw.ts`), we keep that one file and replace its import of orval's schema
// types with aliases to the openapi-typescript types. Enums are generated as unions so the mocks
// never need orval's enum *values*. Any schema type we cannot map fails codegen rather than
// degrading to `any`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CodegenError } from '../extensions.ts';
import { cacheKey, packageVersion, readCached, writeCached } from '../stepCache.ts';
import { deref, listOperations, pascalCase, type BundledDocument } from '../openapi.ts';
import type { BundledService } from './bundle.ts';
import { mockInput, MOCK_FORMATS } from './mockData.ts';
import type { GeneratedFile } from '../pipeline.ts';

export const MOCKS_GENERATOR = 'codegen/steps/mocks.ts';

const POLYFILL = fileURLToPath(new URL('../mapGroupByPolyfill.mjs', import.meta.url));

function orvalBin(): string {
  const require = createRequire(import.meta.url);
  return join(require.resolve('orval/package.json'), '..', 'dist', 'bin', 'orval.mjs');
}

const ORVAL_VERSION = packageVersion('orval');

/** A service's orval project; the config is data, written as a module orval can load. */
function orvalProject(service: string, doc: BundledDocument, scratch: string): Record<string, unknown> {
  return {
    input: { target: join(scratch, `${service}.json`) },
    output: {
      target: join(scratch, 'out', `${service}.ts`),
      mode: 'split',
      client: 'fetch',
      clean: false,
      override: {
        header: false,
        enumGenerationType: 'union',
        mock: {
          arrayMin: 3,
          arrayMax: 10,
          format: Object.fromEntries(Object.keys(MOCK_FORMATS).map((name) => [name, `__mockFormat:${name}`])),
        },
      },
      mock: { generators: [{ type: 'msw', baseUrl: `*${doc.servers?.[0]?.url ?? ''}`, delay: false }] },
    },
  };
}

function orvalConfig(projects: Record<string, Record<string, unknown>>): string {
  // orval reads a format override as code only when it is a function (a string is a literal
  // value), so the faker expressions go into the config as arrow functions.
  const json = JSON.stringify({ logLevel: 'silent', ...projects }, null, 2);
  return `export default ${json.replace(/"__mockFormat:([\w-]+)"/g, (_, name: string) => `() => ${MOCK_FORMATS[name]}`)};\n`;
}

interface MockSource {
  service: string;
  doc: BundledDocument;
  input: string;
  /** What decides orval's output for the service: its version, project (without the scratch folder), formats and input. */
  key: string;
}

/** orval's MSW handlers file for each service, from the cache where the same input was mocked before. */
function orvalOutputs(bundled: BundledService[]): Map<string, string> {
  const sources: MockSource[] = bundled.map(({ service, doc }) => {
    const input = JSON.stringify(mockInput(doc));
    return { service, doc, input, key: cacheKey('orval', [ORVAL_VERSION, service, orvalProject(service, doc, '<scratch>'), MOCK_FORMATS, input]) };
  });
  const outputs = new Map<string, string>();
  for (const source of sources) {
    const hit = readCached(source.key);
    if (hit !== undefined) outputs.set(source.service, hit);
  }
  const missing = sources.filter(({ service }) => !outputs.has(service));
  if (missing.length === 0) return outputs;
  const scratch = mkdtempSync(join(tmpdir(), 'codegen-orval-'));
  try {
    for (const { service, input } of missing) writeFileSync(join(scratch, `${service}.json`), input);
    const projects = Object.fromEntries(missing.map(({ service, doc }) => [service, orvalProject(service, doc, scratch)]));
    writeFileSync(join(scratch, 'orval.config.mjs'), orvalConfig(projects));
    try {
      execFileSync(process.execPath, [orvalBin(), '--config', join(scratch, 'orval.config.mjs')], {
        cwd: scratch,
        // orval calls Map.groupBy, which Node 20 lacks: the polyfill is preloaded into its process.
        env: { ...process.env, NODE_OPTIONS: `--import=${POLYFILL}` },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (error) {
      const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
      throw new CodegenError([`orval failed:\n${String(stdout ?? '')}${String(stderr ?? '')}`]);
    }
    for (const { service, key } of missing) {
      const raw = readFileSync(join(scratch, 'out', `${service}.msw.ts`), 'utf8');
      writeCached(key, raw);
      outputs.set(service, raw);
    }
    return outputs;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

export function renderMocks(bundled: BundledService[]): GeneratedFile[] {
  const outputs = orvalOutputs(bundled);
  const files = bundled.map(({ service, doc }) => {
    let raw = outputs.get(service)!;
    // orval calls each format function inline, `(() => faker.x())()`; keep just the expression.
    for (const expression of Object.values(MOCK_FORMATS)) raw = raw.replaceAll(`(() => ${expression})()`, expression);
    return { path: `mocks/${service}.ts`, generator: MOCKS_GENERATOR, body: retypeMocks(raw, service, doc) };
  });
  files.push(renderMockIndex(files.map((file, index) => ({ service: bundled[index].service, body: file.body }))));
  return files;
}

/**
 * orval's name for each schema type -> the same type from openapi-typescript. Component schemas
 * keep their names; an inline response body is `<OperationId><status>`; a shared response
 * component is `<Name>Response`.
 */
export function typeAliases(doc: BundledDocument): Map<string, string> {
  const aliases = new Map<string, string>();
  for (const name of Object.keys(doc.components?.responses ?? {})) {
    aliases.set(`${pascalCase(name)}Response`, `components['responses'][${JSON.stringify(name)}]['content']['application/json']`);
  }
  for (const { operation } of listOperations(doc)) {
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      if (!deref(doc, response).content?.['application/json']) continue;
      aliases.set(
        `${pascalCase(operation.operationId ?? '')}${status}`,
        `operations[${JSON.stringify(operation.operationId)}]['responses'][${status}]['content']['application/json']`,
      );
    }
  }
  for (const name of Object.keys(doc.components?.schemas ?? {})) {
    aliases.set(pascalCase(name), `components['schemas'][${JSON.stringify(name)}]`);
  }
  return aliases;
}

const SCHEMA_IMPORT = /import\s+(type\s+)?\{([^}]*)\}\s+from\s+'\.\/[^']*\.schemas(?:\.ts)?';\n?/g;

export function retypeMocks(source: string, service: string, doc: BundledDocument): string {
  const aliases = typeAliases(doc);
  const names = new Set<string>();
  const problems: string[] = [];
  const body = source.replace(SCHEMA_IMPORT, (_match, typeOnly: string | undefined, list: string) => {
    const imported = list.split(',').map((name) => name.trim()).filter(Boolean);
    if (!typeOnly) problems.push(`mocks/${service}.ts: orval imported values { ${imported.join(', ')} } from its schemas`);
    for (const name of imported) names.add(name);
    return '';
  });
  const declarations: string[] = [];
  for (const name of [...names].sort()) {
    const target = aliases.get(name);
    if (!target) problems.push(`mocks/${service}.ts: no openapi-typescript type for orval's '${name}'`);
    else declarations.push(`type ${name} = ${target};`);
  }
  if (problems.length > 0) throw new CodegenError(problems);
  const uses = ['components', 'operations'].filter((root) => declarations.some((d) => d.includes(`= ${root}[`)));
  const header = [
    '// MSW handlers with faker data for every operation (200 responses). Seed faker for stable tests.',
    ...(uses.length > 0 ? [`import type { ${uses.join(', ')} } from '../api/${service}.ts';`] : []),
  ];
  // Aliases go right after the import block (the first line that is not part of an import).
  const lines = body.split('\n');
  const firstCode = lines.findIndex((line) => /^export |^const |^function /.test(line));
  const at = firstCode === -1 ? lines.length : firstCode;
  return [...header, ...lines.slice(0, at), ...declarations, '', ...lines.slice(at)].join('\n');
}

function renderMockIndex(files: { service: string; body: string }[]): GeneratedFile {
  const lines: string[] = [`import type { RequestHandler } from 'msw';`];
  for (const { service } of files) lines.push(`import * as ${service} from './${service}.ts';`);
  lines.push('');
  for (const { service, body } of files) {
    const handlers = [...body.matchAll(/export const (get\w+MockHandler)\s*=/g)].map((match) => match[1]);
    lines.push(
      `/** One handler per ${service} operation, answering 200 with faker data. */`,
      `export const ${service}Handlers: RequestHandler[] = [`,
      ...handlers.map((handler) => `  ${service}.${handler}(),`),
      '];',
      '',
    );
  }
  lines.push(`export { ${files.map(({ service }) => service).join(', ')} };`, '');
  return { path: 'mocks/index.ts', generator: MOCKS_GENERATOR, body: lines.join('\n') };
}
