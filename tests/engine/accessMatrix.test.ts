import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations, type OperationMeta } from '../../src/generated/engine/operations.ts';
import { engineDocument } from '../../src/generated/contract/engine.ts';
import { aiDocument } from '../../src/generated/contract/ai.ts';
import { unifiedDocument } from '../../src/generated/contract/unified.ts';
import { BASE_PATHS } from '../../src/engine/app.ts';
import { handlers } from '../../src/engine/handlers/index.ts';
import { createSession } from '../../src/engine/services/sessions.ts';
import { createUser } from '../../src/engine/repositories/users.ts';
import { signUp, startTestEngine, type TestEngine } from '../support/engineHarness.ts';

// Every operation called as every role, with a request the contract accepts (its examples): 403
// exactly where the contract's x-roles forbid it; where they allow it, never 403, 401 or a 5xx,
// and 501 exactly for the operations README.md lists as not built. The feature-flag and
// plan-feature gates are enforced where the contract puts them.
type Role = 'admin' | 'member' | 'billingcontact';
const ROLES: Role[] = ['admin', 'member', 'billingcontact'];
let t: TestEngine;
const userIds = {} as Record<Role, string>;
let orgId = '';

// ---- README's list of what is not built --------------------------------------------------------

/**
 * The operations README.md's "What works" table says answer 501, with the implemented/total
 * counts it states per service. A row names operations by path in backticks (`session.chat`,
 * `ai.sync.test.*`), or, without any, by its first cell: every operation of a tag the cell names
 * whose last path word it names too ("Billing checkout and portal": app.payment.checkout and
 * app.payment.portal).
 */
function readmeNotBuilt(): { ids: string[]; counts: Record<'engine' | 'ai', string | undefined>; unmatched: string[] } {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const start = readme.indexOf('\n## What works');
  expect(start, "README.md has a '## What works' section").toBeGreaterThanOrEqual(0);
  const section = readme.slice(start + 1, readme.indexOf('\n## ', start + 1));
  const rows = section.split('\n').filter((line) => line.startsWith('|'));
  const ids = new Set<string>();
  const unmatched: string[] = [];
  for (const row of rows.filter((line) => /\b501\b/.test(line))) {
    const patterns = [...row.matchAll(/`([a-z][\w.]*\*?)`/gi)].map((m) => m[1]).filter((name) => name.includes('.'));
    if (patterns.length > 0) {
      for (const pattern of patterns) {
        const re = new RegExp(`^${pattern.replace(/\./g, '\\.').replace(/\*/g, '.*')}$`);
        const named = operations.filter((op) => re.test(op.path.slice(1)));
        if (named.length === 0) unmatched.push(pattern);
        for (const op of named) ids.add(op.operationId);
      }
    } else {
      const words = new Set(row.split('|')[1].toLowerCase().match(/[a-z]+/g) ?? []);
      const named = operations.filter((op) => words.has(op.tag.toLowerCase()) && words.has(op.path.split('.').at(-1)!.toLowerCase()));
      if (named.length === 0) unmatched.push(row.split('|')[1].trim());
      for (const op of named) ids.add(op.operationId);
    }
  }
  const countIn = (pattern: RegExp) => rows.map((row) => row.match(pattern)?.[1]).find(Boolean);
  return {
    ids: [...ids].sort(),
    counts: { engine: countIn(/\bengine (\d+\/\d+) operations/), ai: countIn(/^\| AI\b[^|]*\| (\d+\/\d+) operations/) },
    unmatched,
  };
}

const notBuilt = operations.filter((op) => !handlers[op.operationId]).map((op) => op.operationId).sort();

describe("README's list of what is not built", () => {
  it('is exactly the operations without a handler, with the counts it states', () => {
    const readme = readmeNotBuilt();
    expect(readme.unmatched, 'README names these as answering 501, but no operation matches them').toEqual([]);
    expect(readme.ids, 'operations README.md lists as answering 501 vs the operations without a handler').toEqual(notBuilt);
    for (const service of ['engine', 'ai'] as const) {
      const ops = operations.filter((op) => op.service === service);
      expect(readme.counts[service], `README's implemented/total count of the ${service} operations`).toBe(`${ops.filter((op) => handlers[op.operationId]).length}/${ops.length}`);
    }
  });
});

// ---- requests the contract accepts -------------------------------------------------------------

type Json = Record<string, any>;
const documents: Record<OperationMeta['service'], Json> = { engine: engineDocument as Json, ai: aiDocument as Json, unified: unifiedDocument as Json };

function resolve(document: Json, node: Json | undefined): Json | undefined {
  let current = node;
  for (let depth = 0; current?.$ref && depth < 20; depth += 1) {
    current = (current.$ref as string).slice(2).split('/').reduce<Json | undefined>((at, key) => at?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], document);
  }
  return current;
}

/** A value the schema accepts: its example first, else one made from its type and bounds. */
function sample(document: Json, node: Json | undefined, depth = 0): unknown {
  const schema = resolve(document, node) ?? {};
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const variants = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(variants)) return sample(document, variants[0], depth + 1);
  if (Array.isArray(schema.allOf)) return Object.assign({}, ...schema.allOf.map((part: Json) => sample(document, part, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type.find((name: string) => name !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return depth > 8 ? [] : Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sample(document, schema.items, depth + 1));
    case 'object':
      return depth > 8 ? {} : Object.fromEntries((schema.required ?? []).map((key: string) => [key, sample(document, schema.properties?.[key], depth + 1)]));
    default:
      if (schema.format === 'email') return 'someone@matrix.test';
      if (/svg/i.test(schema.pattern ?? '')) return 'logo.svg';
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
  }
}

interface Request {
  url: string;
  query?: Record<string, string>;
  body?: unknown;
}

/** The operation's request built from the contract: body and parameter examples, else samples. */
function requestFor(op: OperationMeta): Request {
  const document = documents[op.service];
  const pathItem = document.paths[op.path] as Json;
  const item = pathItem[op.method] as Json;
  const parameters = [...(pathItem.parameters ?? []), ...(item.parameters ?? [])].map((p: Json) => resolve(document, p)!);
  const value = (p: Json) => {
    const v = p.example ?? (p.examples ? Object.values(p.examples as Json).map((e: any) => resolve(document, e)?.value)[0] : undefined) ?? sample(document, p.schema);
    return Array.isArray(v) ? v.join(',') : String(v);
  };
  const url = BASE_PATHS[op.service] + op.path.replace(/\{(\w+)\}/g, (_all, name: string) =>
    encodeURIComponent(value(parameters.find((p) => p.in === 'path' && p.name === name) ?? { schema: { type: 'string' } })));
  const query = Object.fromEntries(parameters.filter((p) => p.in === 'query' && p.required).map((p) => [p.name, value(p)]));
  const content = resolve(document, item.requestBody)?.content?.['application/json'];
  const body = content ? (content.example ?? (content.examples ? resolve(document, Object.values(content.examples as Json)[0])?.value : undefined) ?? sample(document, content.schema)) : undefined;
  return { url, ...(Object.keys(query).length > 0 ? { query } : {}), ...(body !== undefined ? { body } : op.method === 'get' ? {} : { body: {} }) };
}

// ---- the matrix ---------------------------------------------------------------------------------

async function userWith(role: Role): Promise<string> {
  const now = t.clock.now();
  const userId = await createUser(t.engine.db, { orgId, email: `${role}@matrix.test`, role, now });
  await t.engine.db.updateTable('users').set({ is_verified: 1, username: role }).where('id', '=', userId).execute();
  return userId;
}

const FEATURES_ON = { feature_dynamic_sync_frequency: 1, feature_white_labelling: 1, feature_custom_mapping: 1, feature_language_options: 1 } as const;

/**
 * Puts the organisation's plan features and the users' feature flag back on: a call before may
 * have changed them (a plan change, a settings save), and the allowed side is about roles.
 */
async function gatesOpen(): Promise<void> {
  await t.engine.db.updateTable('organisations').set(FEATURES_ON).where('id', '=', orgId).execute();
  await t.engine.db.updateTable('user_feature_flags').set({ enabled: 1 }).where('flag', '=', 'ai_connectors').execute();
}

/** A session of its own per call, so a call that ends its session (sign-out) ends no other. */
const sessionOf = (role: Role) => createSession(t.engine.db, t.engine.config, t.clock.now(), userIds[role], orgId);

/**
 * Requests a role needs instead of the contract's example. A billing contact has the logs list
 * only, so the engine gives it that page's filter choices and no other page's (403), a rule finer
 * than x-roles (tests/engine/dashboard.test.ts checks the refusal).
 */
const ROLE_QUERIES: Partial<Record<Role, Record<string, Record<string, string>>>> = {
  billingcontact: { appFiltersMetadata: { pageId: 'logs' } },
};

const call = async (op: OperationMeta, token: string, role?: Role) => {
  const request = requestFor(op);
  const query = { ...request.query, ...(role ? ROLE_QUERIES[role]?.[op.operationId] : {}) };
  return t.call(op.method.toUpperCase() as 'GET', request.url, { token, query, body: request.body });
};

beforeAll(async () => {
  t = await startTestEngine();
  const ownerToken = await signUp(t, 'owner@matrix.test');
  const details = (await t.call('GET', '/api/user.userDetails', { token: ownerToken })).body.msg;
  orgId = details.orgId;
  userIds.admin = details.userId;
  userIds.member = await userWith('member');
  userIds.billingcontact = await userWith('billingcontact');
  for (const userId of Object.values(userIds)) {
    await t.engine.db.insertInto('user_feature_flags').values({ user_id: userId, flag: 'ai_connectors', enabled: 1, updated_at: t.clock.now() }).execute();
  }
  await gatesOpen();
});
afterAll(async () => { await t?.close(); });

const secured = operations.filter((op) => !op.public && op.security === 'bearer' && op.operationId !== 'authSendOrgDetails');
// Answers an allowed call may get: done, or refused for its data (the examples name rows this
// organisation does not have, or repeat a call), never for the caller's role.
const ALLOWED_ANSWERS = [400, 404, 409, 429];

describe.each(ROLES)('as %s', (role) => {
  it.each(secured.map((op) => [op.operationId, op] as const))('%s', async (_id, op) => {
    await gatesOpen();
    const res = await call(op, await sessionOf(role), role);
    const shown = `${res.status} ${JSON.stringify(res.body)}`;
    if (!op.roles.includes(role)) {
      expect(res.status, shown).toBe(403);
      expect(res.body.error.code).toBe('FORBIDDEN');
    } else if (notBuilt.includes(op.operationId)) {
      expect(res.status, shown).toBe(501);
    } else {
      expect(res.status >= 200 && res.status < 300 || ALLOWED_ANSWERS.includes(res.status), shown).toBe(true);
    }
  });
});

describe('gates', () => {
  it('refuses a feature-flagged call to a user without the flag', async () => {
    const op = operations.find((o) => o.featureFlag === 'ai_connectors' && o.roles.includes('member'))!;
    await gatesOpen();
    await t.engine.db.updateTable('user_feature_flags').set({ enabled: 0 }).where('flag', '=', 'ai_connectors').execute();
    const res = await call(op, await sessionOf('member'));
    expect(res.status).toBe(403);
    expect(res.body.error.msg).toContain('ai_connectors');
  });

  it.each(operations.filter((o) => o.planFeature).map((o) => [o.operationId, o] as const))('refuses %s when the plan lacks its feature', async (_id, op) => {
    await gatesOpen();
    await t.engine.db.updateTable('organisations').set({ feature_custom_mapping: 0, feature_white_labelling: 0, feature_dynamic_sync_frequency: 0, feature_language_options: 0 }).where('id', '=', orgId).execute();
    const res = await call(op, await sessionOf('admin'));
    expect(res.status).toBe(403);
    expect(res.body.error.msg).toMatch(/not available under the current plan|isn't available under the current plan/);
  });

  it('refuses an API-key call without a valid key', async () => {
    const op = operations.find((o) => o.security === 'apiKey')!;
    expect((await call(op, await sessionOf('admin'))).status).toBe(401);
  });
});
