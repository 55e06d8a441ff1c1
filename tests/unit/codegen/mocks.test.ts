import { describe, expect, it } from 'vitest';
import { retypeMocks, typeAliases } from '../../../codegen/steps/mocks.ts';
import { mockInput } from '../../../codegen/steps/mockData.ts';
import { fixtureDocument } from './fixtureDocument.ts';

const ORVAL_OUTPUT = `import { faker } from '@faker-js/faker';

import { HttpResponse, http } from 'msw';
import type {
  AppUsersInvite200,
  OrganizationsResponse
} from './engine.schemas';

export const getAppGetOrganizationsResponseMock = (): OrganizationsResponse => ({ success: true });
`;

describe('orval mock post-processing', () => {
  it("maps orval's type names to openapi-typescript types", () => {
    const aliases = typeAliases(fixtureDocument());
    expect(aliases.get('OrganizationsResponse')).toBe(`components['schemas']["OrganizationsResponse"]`);
    expect(aliases.get('AppUsersInvite200')).toBe(`operations["appUsersInvite"]['responses'][200]['content']['application/json']`);
  });

  it("replaces the import of orval's schemas with aliases to the API types", () => {
    const out = retypeMocks(ORVAL_OUTPUT, 'engine', fixtureDocument());
    expect(out).not.toContain('engine.schemas');
    expect(out).toContain(`import type { components, operations } from '../api/engine.ts';`);
    expect(out).toContain(`type OrganizationsResponse = components['schemas']["OrganizationsResponse"];`);
    expect(out.indexOf('type AppUsersInvite200')).toBeLessThan(out.indexOf('export const'));
  });

  it('fails on a type it cannot map and on value imports', () => {
    expect(() => retypeMocks(ORVAL_OUTPUT.replace('OrganizationsResponse\n', 'Mystery\n'), 'engine', fixtureDocument())).toThrow(
      /no openapi-typescript type for orval's 'Mystery'/,
    );
    expect(() => retypeMocks(ORVAL_OUTPUT.replace('import type {', 'import {'), 'engine', fixtureDocument())).toThrow(/imported values/);
  });

  it('gives orval realistic hints on a copy, never on the bundle itself', () => {
    const doc = fixtureDocument();
    const copy = mockInput(doc);
    const base = copy.components!.schemas!.OrgBase.properties!;
    expect(base.organization.format).toBe('mock-company');
    expect(base.orgId.format).toBe('mock-id');
    const createdAt = copy.components!.schemas!.OrganizationRow.allOf![1].properties!.createdAt;
    expect(createdAt).toMatchObject({ minimum: Date.UTC(2024, 0, 1) });
    expect(doc.components!.schemas!.OrgBase.properties!.organization.format).toBeUndefined();
  });
});
