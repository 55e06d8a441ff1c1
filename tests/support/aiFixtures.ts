import { expect } from 'vitest';
import { startTestEngine, type TestEngine } from './engineHarness.ts';
import type { EngineConfig } from '../../src/engine/config.ts';
import { demoAdmin, newOrg, type OrgSession } from './dataFixtures.ts';

// The AI/connectors service's tests run on the seeded demo organisation (a live, a testing, a
// draft and a deactivated connector with sessions, workflows and tests) and a second
// organisation, both with the ai_connectors flag on.
export type ConnectorStatus = 'live' | 'testing' | 'draft' | 'deactivated';

export interface AiEngine {
  t: TestEngine;
  demo: OrgSession;
  other: OrgSession;
  /** The demo's seeded connector of each status. */
  id: Record<ConnectorStatus, string>;
  get(call: string, query?: Record<string, string | number>, token?: string): Promise<{ status: number; body: any }>;
  post(call: string, body: unknown, token?: string): Promise<{ status: number; body: any }>;
}

export async function startAiEngine(overrides: Partial<EngineConfig> = {}): Promise<AiEngine> {
  const t = await startTestEngine(overrides);
  const demo = await demoAdmin(t);
  const other = await newOrg(t, 'other@ai.test');
  await t.engine.db.insertInto('user_feature_flags').values({ user_id: other.userId, flag: 'ai_connectors', enabled: 1, updated_at: t.clock.now() }).execute();
  const id = { live: '', testing: '', draft: '', deactivated: '' };
  for (const row of await t.engine.db.selectFrom('connectors').select(['id', 'status']).where('org_id', '=', demo.orgId).execute()) id[row.status as ConnectorStatus] = row.id;
  return {
    t, demo, other, id,
    get: (call, query = {}, token = demo.token) =>
      t.call('GET', `/ai/${call}`, { token, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) }),
    post: (call, body, token = demo.token) => t.call('POST', `/ai/${call}`, { token, body }),
  };
}

/** The msg of a 200 answer (the harness has checked it against the contract). */
export function ok(res: { status: number; body: any }): any {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.msg;
}
