// Step a (output): the bundled documents as TypeScript modules. The engine imports them at run
// time for routing and ajv validation, so they ship with the app without reading YAML.
import type { BundledService } from './bundle.ts';
import { literal } from '../format.ts';
import type { GeneratedFile } from '../pipeline.ts';
import { templateBody } from './templates.ts';

export const CONTRACT_GENERATOR = 'codegen/steps/contract.ts';

export function renderContract(bundled: BundledService[]): GeneratedFile[] {
  const files: GeneratedFile[] = bundled.map(({ service, doc }) => ({
    path: `contract/${service}.ts`,
    generator: CONTRACT_GENERATOR,
    // Indented JSON is already a stable layout; prettier would spend seconds re-quoting it.
    preformatted: true,
    body: [
      `import type { OpenApiDocument } from './types.ts';`,
      '',
      `/** The bundled ${service} contract (openapi/${service}/openapi.yaml); every $ref is internal. */`,
      `export const ${service}Document = ${literal(doc)} as unknown as OpenApiDocument;`,
      '',
    ].join('\n'),
  }));
  files.push({ path: 'contract/types.ts', generator: CONTRACT_GENERATOR, body: templateBody('documentTypes.ts') });
  files.push({
    path: 'contract/index.ts',
    generator: CONTRACT_GENERATOR,
    body: [
      ...bundled.map(({ service }) => `export { ${service}Document } from './${service}.ts';`),
      `export type * from './types.ts';`,
      '',
    ].join('\n'),
  });
  return files;
}

