import { describe, expect, it } from 'vitest';
import { checkOperationIds, collectOperations, renderSessionOperationRoles } from '../../../codegen/generators/operations.ts';
import * as sessionOperationRoles from '../../../src/generated/engine/sessionOperationRoles.ts';
import { operations as contractOperations } from '../../../src/generated/engine/operations.ts';
import { fixtureDocument, fixtureOperation } from './fixtureDocument.ts';

describe('engine operation table generator', () => {
  it('lists every operation with its security, roles, plan feature, paging and rate limit', () => {
    const { operations, problems } = collectOperations(fixtureDocument(), 'engine');
    expect(problems).toEqual([]);
    expect(operations).toEqual([
      {
        service: 'engine', operationId: 'appGetOrganizations', method: 'get', path: '/app.getOrganizations', tag: 'dashboard',
        public: false, security: 'bearer', roles: ['admin', 'member'], paging: { style: 'pageNumber', pageSize: 25 }, designed: false,
      },
      {
        service: 'engine', operationId: 'appUsersInvite', method: 'post', path: '/app.users.invite', tag: 'users',
        public: false, security: 'bearer', roles: ['admin'], planFeature: 'customMapping', paging: { style: 'none' },
        designed: false, rateLimitSeconds: 60,
      },
      {
        service: 'engine', operationId: 'authSignIn', method: 'post', path: '/auth.signIn', tag: 'auth',
        public: true, security: 'none', roles: [], paging: { style: 'none' }, designed: false,
      },
    ]);
  });

  it('rejects a secured operation without x-roles', () => {
    const doc = fixtureDocument();
    delete fixtureOperation(doc, '/app.users.invite', 'post')['x-roles'];
    const { operations, problems } = collectOperations(doc, 'engine');
    expect(problems).toEqual(['POST /app.users.invite (appUsersInvite): a secured operation needs x-roles (some of admin, member, billingcontact)']);
    expect(operations.map((op) => op.operationId)).not.toContain('appUsersInvite');
  });

  it('rejects an unknown role, an unknown plan feature and bad paging', () => {
    const doc = fixtureDocument();
    const invite = fixtureOperation(doc, '/app.users.invite', 'post');
    invite['x-roles'] = ['admin', 'owner'];
    invite['x-plan-feature'] = 'teleport';
    invite['x-paging'] = { style: 'offset' };
    const { problems } = collectOperations(doc, 'engine');
    expect(problems).toEqual([
      "POST /app.users.invite (appUsersInvite): unknown role 'owner' in x-roles (roles: admin, member, billingcontact)",
      "POST /app.users.invite (appUsersInvite): x-plan-feature 'teleport' is not one of whiteLabelling, customMapping, dynamicSyncFrequency, languageOptions",
      "POST /app.users.invite (appUsersInvite): x-paging.style 'offset' is not one of cursor, pageNumber, none",
    ]);
  });

  it('opens x-cross-origin operations to every origin, and refuses it on a secured operation', () => {
    const doc = fixtureDocument();
    fixtureOperation(doc, '/auth.signIn', 'post')['x-cross-origin'] = true;
    const { operations, problems } = collectOperations(doc, 'engine');
    expect(problems).toEqual([]);
    expect(operations.find((op) => op.operationId === 'authSignIn')?.crossOrigin).toBe(true);
    expect(operations.filter((op) => op.crossOrigin).map((op) => op.operationId)).toEqual(['authSignIn']);

    fixtureOperation(doc, '/app.users.invite', 'post')['x-cross-origin'] = true;
    fixtureOperation(doc, '/auth.signIn', 'post')['x-cross-origin'] = 'yes';
    expect(collectOperations(doc, 'engine').problems).toEqual([
      'POST /app.users.invite (appUsersInvite): x-cross-origin is only for public operations (security: [])',
      'POST /auth.signIn (authSignIn): x-cross-origin is true or absent',
    ]);
  });

  it('reads the security schemes of a requirement together: an API key and the integrated account header', () => {
    const doc = fixtureDocument();
    fixtureOperation(doc, '/app.getOrganizations', 'get').security = [{ integrationIdHeader: [], apiKeyAuth: [] }];
    fixtureOperation(doc, '/app.users.invite', 'post').security = [{ integrationIdHeader: [] }];
    const { operations, problems } = collectOperations(doc, 'unified');
    expect(operations.find((op) => op.operationId === 'appGetOrganizations')?.security).toBe('apiKeyIntegration');
    expect(problems).toEqual([
      "POST /app.users.invite (appUsersInvite): unknown security scheme 'integrationIdHeader' (known: bearerAuth, apiKeyAuth, apiKeyAuth+integrationIdHeader)",
    ]);
  });

  it('rejects x-roles on a public operation and an operationId used by both services', () => {
    const doc = fixtureDocument();
    fixtureOperation(doc, '/auth.signIn', 'post')['x-roles'] = ['admin'];
    expect(collectOperations(doc, 'engine').problems).toEqual(['POST /auth.signIn (authSignIn): a public operation (security: []) has no x-roles']);
    const engine = collectOperations(fixtureDocument(), 'engine').operations;
    const ai = collectOperations(fixtureDocument(), 'ai').operations;
    expect(checkOperationIds([...engine, ...ai])).toHaveLength(3);
  });

  it('gives the dashboard the roles of each session operation, and of no other operation', () => {
    const { operations } = collectOperations(fixtureDocument(), 'engine');
    const file = renderSessionOperationRoles(operations);
    expect(file.path).toBe('engine/sessionOperationRoles.ts');
    expect(file.body).toMatch(/export const appGetOrganizationsRoles: readonly Role\[\] = \[\s*"admin",\s*"member"\s*\];/);
    expect(file.body).toMatch(/export const appUsersInviteRoles: readonly Role\[\] = \[\s*"admin"\s*\];/);
    expect(file.body).not.toContain('authSignIn');
  });

  it("matches the contract: each session operation's roles are its x-roles", () => {
    const bearer = contractOperations.filter((op) => op.security === 'bearer');
    const generated = Object.fromEntries(Object.entries(sessionOperationRoles).map(([name, roles]) => [name.replace(/Roles$/, ''), roles]));
    expect(generated).toEqual(Object.fromEntries(bearer.map((op) => [op.operationId, op.roles])));
    expect(sessionOperationRoles.appReplayWebhookRunRoles).toEqual(['admin', 'member']);
  });
});
