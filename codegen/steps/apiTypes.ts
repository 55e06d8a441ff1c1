// Step b: openapi-typescript owns every API type (paths, components, operations); clients.ts wraps
// openapi-fetch with them. No other generator emits API types (orval's are discarded).
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import type { BundledService } from './bundle.ts';
import { pascalCase } from '../openapi.ts';
import type { GeneratedFile } from '../pipeline.ts';

export const API_GENERATOR = 'codegen/steps/apiTypes.ts';

export async function renderApiTypes({ service, doc, config }: BundledService): Promise<GeneratedFile> {
  const ast = await openapiTS(structuredClone(doc) as unknown as OpenAPI3, {
    // Without this, openapi-typescript makes every property with a `default` required.
    defaultNonNullable: false,
    // SchemaX / ResponseX aliases next to components['schemas']['X'], for handlers and tests.
    rootTypes: true,
    redocly: config,
    silent: true,
  });
  // The TypeScript printer lays the types out deterministically already; prettier would add seconds.
  return { path: `api/${service}.ts`, generator: API_GENERATOR, body: astToString(ast), preformatted: true };
}

export function renderClients(bundled: BundledService[]): GeneratedFile {
  const lines = [
    `import createClient, { type Client, type ClientOptions } from 'openapi-fetch';`,
    ...bundled.map(({ service }) => `import type { paths as ${pascalCase(service)}Paths } from './${service}.ts';`),
    '',
    `/** baseUrl defaults to the contract's server URL; tests pass an absolute one (a relative URL throws outside a browser, and MSW never sees the request). */`,
    `export type ApiClientOptions = ClientOptions;`,
  ];
  for (const { service, doc } of bundled) {
    const name = pascalCase(service);
    const baseUrl = doc.servers?.[0]?.url ?? '/';
    lines.push(
      '',
      `export type ${name}Client = Client<${name}Paths>;`,
      '',
      `/** Typed client of the ${service} service (${baseUrl}). */`,
      `export function create${name}Client(options: ApiClientOptions = {}): ${name}Client {`,
      `  return createClient<${name}Paths>({ baseUrl: ${JSON.stringify(baseUrl)}, ...options });`,
      `}`,
    );
  }
  return { path: 'api/clients.ts', generator: API_GENERATOR, body: `${lines.join('\n')}\n` };
}
