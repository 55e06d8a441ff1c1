// The committed generated code working together: orval's MSW handlers answer every generated list
// resource with rows the resource definition can read, and the openapi-fetch client reaches them.
import { faker } from '@faker-js/faker';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAiClient, createEngineClient } from '../../../src/generated/api/clients.ts';
import { aiHandlers, engineHandlers } from '../../../src/generated/mocks/index.ts';
import { resourceList } from '../../../src/generated/resources/index.ts';

const ORIGIN = 'http://localhost';
const BASE = { engine: `${ORIGIN}/api`, ai: `${ORIGIN}/ai` };
const server = setupServer(...engineHandlers, ...aiHandlers);

beforeAll(() => {
  faker.seed(7);
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());

function at(value: unknown, dotPath: string): unknown {
  return dotPath.split('.').reduce<unknown>((node, step) => (node as Record<string, unknown> | undefined)?.[step], value);
}

describe('generated MSW handlers', () => {
  it('answer the typed clients of both services', async () => {
    const engine = createEngineClient({ baseUrl: BASE.engine, fetch: (request) => globalThis.fetch(request) });
    const version = await engine.GET('/auth.getUiVersion');
    expect(version.response.status).toBe(200);
    expect(version.data?.success).toBe(true);
    const ai = createAiClient({ baseUrl: BASE.ai, fetch: (request) => globalThis.fetch(request) });
    expect(ai).toBeDefined();
  });

  it.each(resourceList.map((resource) => [resource.name, resource] as const))(
    'answer the %s list with rows carrying the row id',
    async (_name, resource) => {
      const path = resource.path.replace(/\{[^}]+\}/g, 'x');
      const response = await fetch(`${BASE[resource.service]}${path}`, {
        method: resource.method.toUpperCase(),
        ...(resource.method === 'get' ? {} : { body: '{}', headers: { 'content-type': 'application/json' } }),
      });
      expect(response.status).toBe(200);
      const rows = at(await response.json(), resource.rows);
      expect(Array.isArray(rows)).toBe(true);
      for (const row of rows as Record<string, unknown>[]) expect(row).toHaveProperty(resource.rowId);
    },
  );
});
