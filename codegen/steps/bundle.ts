// Step a: bundle each service's root with Redocly (not dereferenced), so every schema lands in
// components/schemas under its file name and every $ref is internal. Later steps and the engine
// read only this bundled document.
import { join } from 'node:path';
import { bundle, loadConfig, type Config } from '@redocly/openapi-core';
import { CodegenError, isObject, type Service } from '../extensions.ts';
import type { BundledDocument } from '../openapi.ts';

export interface BundledService {
  service: Service;
  doc: BundledDocument;
  /** The Redocly config, handed on to openapi-typescript so it does not look for one itself. */
  config: Config;
}

export async function bundleService(contractDir: string, service: Service): Promise<BundledService> {
  const config = await loadConfig({ configPath: join(contractDir, 'redocly.yaml') });
  const root = join(contractDir, service, 'openapi.yaml');
  const result = await bundle({ ref: root, config, dereference: false });
  const problems = result.problems
    .filter((problem) => problem.severity === 'error')
    .map((problem) => `${service}: ${problem.message} (${problem.location.map((l) => l.source.absoluteRef).join(', ')})`);
  const doc = result.bundle.parsed as BundledDocument;
  if (problems.length === 0) problems.push(...checkBundle(doc, service));
  if (problems.length > 0) throw new CodegenError(problems);
  return { service, doc, config };
}

/**
 * File names are type names (README), so a schema name the bundler had to de-duplicate
 * (`Role-2`, from two files called Role.yaml) or any external $ref left behind is an error.
 */
function checkBundle(doc: BundledDocument, service: Service): string[] {
  const problems: string[] = [];
  for (const name of Object.keys(doc.components?.schemas ?? {})) {
    if (!/^[A-Z][A-Za-z0-9]*$/.test(name)) {
      problems.push(`${service}: schema '${name}' is not PascalCase (two schema files with one name?)`);
    }
  }
  const walk = (node: unknown, at: string): void => {
    if (Array.isArray(node)) node.forEach((item, index) => walk(item, `${at}/${index}`));
    else if (isObject(node)) {
      if (typeof node.$ref === 'string' && !node.$ref.startsWith('#/')) problems.push(`${service}: external $ref '${node.$ref}' at ${at}`);
      for (const [key, value] of Object.entries(node)) walk(value, `${at}/${key}`);
    }
  };
  walk(doc, '#');
  return problems;
}
