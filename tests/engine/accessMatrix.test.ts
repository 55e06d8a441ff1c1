import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations, type OperationMeta } from '../../src/generated/engine/operations.ts';
import { BASE_PATHS } from '../../src/engine/app.ts';
import { createSession } from '../../src/engine/services/sessions.ts';
import { createUser } from '../../src/engine/repositories/users.ts';
import { signUp, startTestEngine, type TestEngine } from '../support/engineHarness.ts';

// Every operation called as every role: 403 exactly where the contract's x-roles forbid it, and
// the feature-flag and plan-feature gates enforced where the contract puts them.
type Role = 'admin' | 'member' | 'billingcontact';
const ROLES: Role[] = ['admin', 'member', 'billingcontact'];
let t: TestEngine;
const tokens = {} as Record<Role, string>;
let orgId = '';

const url = (op: OperationMeta) => BASE_PATHS[op.service] + op.path.replace(/\{(\w+)\}/g, 'x');
const call = (op: OperationMeta, token: string) =>
  t.call(op.method.toUpperCase() as 'GET', url(op), { token, ...(op.method === 'get' ? {} : { body: {} }) });

async function userWith(role: Role): Promise<string> {
  const now = t.clock.now();
  const userId = await createUser(t.engine.db, { orgId, email: `${role}@matrix.test`, role, now });
  await t.engine.db.updateTable('users').set({ is_verified: 1, username: role }).where('id', '=', userId).execute();
  await t.engine.db.insertInto('user_feature_flags').values({ user_id: userId, flag: 'ai_connectors', enabled: 1, updated_at: now }).execute();
  return createSession(t.engine.db, t.engine.config, now, userId, orgId);
}

beforeAll(async () => {
  t = await startTestEngine();
  tokens.admin = await signUp(t, 'owner@matrix.test');
  orgId = (await t.call('GET', '/api/user.userDetails', { token: tokens.admin })).body.msg.orgId;
  await t.engine.db.updateTable('organisations').set({ feature_dynamic_sync_frequency: 1, feature_white_labelling: 1, feature_custom_mapping: 1, feature_language_options: 1 }).where('id', '=', orgId).execute();
  await t.engine.db.insertInto('user_feature_flags').values({ user_id: (await t.call('GET', '/api/user.userDetails', { token: tokens.admin })).body.msg.userId, flag: 'ai_connectors', enabled: 1, updated_at: t.clock.now() }).execute();
  tokens.member = await userWith('member');
  tokens.billingcontact = await userWith('billingcontact');
});
afterAll(async () => { await t.close(); });

const secured = operations.filter((op) => !op.public && op.security === 'bearer' && op.operationId !== 'authSendOrgDetails');

describe.each(ROLES)('as %s', (role) => {
  it.each(secured.map((op) => [op.operationId, op] as const))('%s', async (_id, op) => {
    const res = await call(op, tokens[role]);
    if (op.roles.includes(role)) expect(res.status, JSON.stringify(res.body)).not.toBe(403);
    else {
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('FORBIDDEN');
    }
  });
});

describe('gates', () => {
  it('refuses a feature-flagged call to a user without the flag', async () => {
    const op = operations.find((o) => o.featureFlag === 'ai_connectors' && o.roles.includes('member'))!;
    await t.engine.db.updateTable('user_feature_flags').set({ enabled: 0 }).where('flag', '=', 'ai_connectors').execute();
    const res = await call(op, tokens.member);
    expect(res.status).toBe(403);
    expect(res.body.error.msg).toContain('ai_connectors');
    await t.engine.db.updateTable('user_feature_flags').set({ enabled: 1 }).where('flag', '=', 'ai_connectors').execute();
  });

  it.each(operations.filter((o) => o.planFeature).map((o) => [o.operationId, o] as const))('refuses %s when the plan lacks its feature', async (_id, op) => {
    await t.engine.db.updateTable('organisations').set({ feature_custom_mapping: 0, feature_white_labelling: 0, feature_dynamic_sync_frequency: 0, feature_language_options: 0 }).where('id', '=', orgId).execute();
    const res = await call(op, tokens.admin);
    expect(res.status).toBe(403);
    expect(res.body.error.msg).toMatch(/not available under the current plan|isn't available under the current plan/);
    await t.engine.db.updateTable('organisations').set({ feature_custom_mapping: 1, feature_white_labelling: 1, feature_dynamic_sync_frequency: 1, feature_language_options: 1 }).where('id', '=', orgId).execute();
  });

  it('refuses an API-key call without a valid key', async () => {
    const op = operations.find((o) => o.security === 'apiKey')!;
    expect((await call(op, tokens.admin)).status).toBe(401);
  });
});
