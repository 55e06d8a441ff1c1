// The whole pipeline as functions: contract dir in, file tree out. generate.ts is only the CLI
// around these, so tests can run the pipeline on a temporary copy of the contract.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { CodegenError, SERVICES } from './extensions.ts';
import { compareText, formatGenerated } from './format.ts';
import { bundleService } from './steps/bundle.ts';
import { renderContract } from './steps/contract.ts';
import { renderApiTypes, renderClients } from './steps/apiTypes.ts';
import { renderMocks } from './steps/mocks.ts';
import { templateBody } from './steps/templates.ts';
import {
  checkResourceNames,
  collectResources,
  renderResource,
  renderResourceIndex,
  RESOURCES_GENERATOR,
} from './generators/resources.ts';
import { collectEnumLabels, renderEnumLabels } from './generators/enumLabels.ts';
import { collectDashboard, renderDashboard } from './generators/routes.ts';
import { checkFormNames, collectForms, FORMS_GENERATOR, renderForm, renderFormIndex } from './generators/forms.ts';
import { renderFormValidators } from './generators/formValidators.ts';
import {
  checkOperationIds,
  collectOperations,
  OPERATIONS_GENERATOR,
  renderOperations,
  renderPublicOperations,
  renderSessionOperationRoles,
} from './generators/operations.ts';

/** One output file before formatting; `path` is relative to the output folder. */
export interface GeneratedFile {
  path: string;
  /** Repo-relative generator file, named in the banner. */
  generator: string;
  body: string;
  /** Already formatted by its generator (JSON data, the TypeScript printer): banner only. */
  preformatted?: boolean;
}

/** Generates every file from the contract folder; fails with every contract problem at once. */
export async function generateAll(contractDir: string): Promise<Map<string, string>> {
  const bundled = [];
  for (const service of SERVICES) bundled.push(await bundleService(contractDir, service));

  // Our generators validate first: a malformed extension should fail before the slow steps.
  const problems: string[] = [];
  const resources = bundled.flatMap(({ service, doc }) => {
    const result = collectResources(doc, service);
    problems.push(...result.problems);
    return result.drafts;
  });
  problems.push(...checkResourceNames(resources));
  const forms = bundled.flatMap(({ service, doc }) => {
    const result = collectForms(doc, service);
    problems.push(...result.problems);
    return result.forms;
  });
  problems.push(...checkFormNames(forms));
  const operations = bundled.flatMap(({ service, doc }) => {
    const result = collectOperations(doc, service);
    problems.push(...result.problems);
    return result.operations;
  });
  problems.push(...checkOperationIds(operations));
  const enumLabels = collectEnumLabels(bundled.map(({ doc }) => doc));
  problems.push(...enumLabels.problems);
  const engineDoc = bundled.find(({ service }) => service === 'engine')!.doc;
  const dashboard = collectDashboard(engineDoc, resources, bundled.map(({ doc }) => doc));
  problems.push(...dashboard.problems);
  if (problems.length > 0) throw new CodegenError(problems);

  const files: GeneratedFile[] = [
    ...renderContract(bundled),
    ...(await Promise.all(bundled.map(renderApiTypes))),
    renderClients(bundled),
    ...renderMocks(bundled),
    ...resources.map(renderResource),
    renderResourceIndex(resources),
    { path: 'resources/types.ts', generator: RESOURCES_GENERATOR, body: templateBody('resourceTypes.ts') },
    ...forms.map(renderForm),
    ...forms.flatMap(renderFormValidators),
    renderFormIndex(forms),
    { path: 'forms/types.ts', generator: FORMS_GENERATOR, body: templateBody('formTypes.ts') },
    renderOperations(operations),
    renderPublicOperations(operations),
    renderSessionOperationRoles(operations),
    renderEnumLabels(enumLabels.tables),
    ...renderDashboard(dashboard.meta),
    { path: 'engine/types.ts', generator: OPERATIONS_GENERATOR, body: templateBody('operationTypes.ts') },
  ];
  const seen = new Set<string>();
  for (const file of files) {
    if (seen.has(file.path)) throw new CodegenError([`two generators write ${file.path}`]);
    seen.add(file.path);
  }
  const formatted = await Promise.all(
    files.map(async (file) => [file.path, await formatGenerated(file.generator, file.body, file.preformatted)] as const),
  );
  return new Map([...formatted].sort(([a], [b]) => compareText(a, b)));
}

/** Every file under `dir`, as `/`-separated paths relative to it. */
export function listTree(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const visit = (current: string): void => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const full = join(current, entry.name);
      if (entry.isDirectory()) visit(full);
      else out.push(relative(dir, full).split(sep).join('/'));
    }
  };
  visit(dir);
  return out.sort(compareText);
}

/**
 * Makes `outDir` hold exactly `files`: writes what changed and deletes orphans (the whole folder
 * is generated, so a file no generator wrote any more is stale). Returns the paths it touched.
 */
export function writeTree(outDir: string, files: Map<string, string>): { written: string[]; deleted: string[] } {
  const written: string[] = [];
  const deleted: string[] = [];
  for (const [path, content] of files) {
    const target = join(outDir, path);
    if (existsSync(target) && readFileSync(target, 'utf8') === content) continue;
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, content);
    written.push(path);
  }
  for (const path of listTree(outDir)) {
    if (files.has(path)) continue;
    rmSync(join(outDir, path));
    deleted.push(path);
  }
  removeEmptyDirs(outDir);
  return { written, deleted };
}

function removeEmptyDirs(dir: string): void {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const child = join(dir, entry.name);
    removeEmptyDirs(child);
    if (readdirSync(child).length === 0) rmdirSync(child);
  }
}

export interface TreeDiff {
  changed: string[];
  missing: string[];
  orphaned: string[];
}

/** Compares a fresh tree (`expectedDir`) with the committed one (`actualDir`). */
export function compareTrees(expectedDir: string, actualDir: string): TreeDiff {
  const expected = listTree(expectedDir);
  const actual = new Set(listTree(actualDir));
  const diff: TreeDiff = { changed: [], missing: [], orphaned: [] };
  for (const path of expected) {
    if (!actual.has(path)) diff.missing.push(path);
    else if (!readFileSync(join(expectedDir, path)).equals(readFileSync(join(actualDir, path)))) diff.changed.push(path);
  }
  const wanted = new Set(expected);
  diff.orphaned = [...actual].filter((path) => !wanted.has(path));
  return diff;
}
