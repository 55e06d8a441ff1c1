import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CACHED_TABLES, WATCHED_CACHE_MS, WatchedCache, watchedCacheOf } from '../../src/engine/db/watchedCache.ts';
import { writeWatchOf } from '../../src/engine/db/writeWatch.ts';
import { resolveSession } from '../../src/engine/services/sessions.ts';
import { hashToken } from '../../src/engine/services/tokens.ts';
import { signUp, startTestEngine, type TestEngine } from '../support/engineHarness.ts';
import { addTeammate, whoIs } from '../support/orgMembers.ts';
import { addAccount } from '../support/dataFixtures.ts';

let t: TestEngine;
beforeAll(async () => {
  t = await startTestEngine();
});
afterAll(() => t?.close());

describe('caches emptied by writes (sessions, enabled categories, accounts per category)', () => {
  it('reads a session once for the calls of a second, then again', async () => {
    const token = await signUp(t, 'cache@acme.test');
    watchedCacheOf(t.engine.db, 'sessions')!.clear();
    const reads = vi.spyOn(t.engine.db, 'selectFrom');
    const sessionReads = () => reads.mock.calls.filter(([table]) => table === 'sessions').length;
    try {
      for (let i = 0; i < 3; i += 1) expect(await resolveSession(t.engine.db, t.engine.config, t.clock.now(), token)).toBeDefined();
      expect(sessionReads()).toBe(1);
      // Expiry is checked on every call, cached or not.
      expect(await resolveSession(t.engine.db, t.engine.config, t.clock.now() + t.engine.config.sessionAbsoluteSeconds * 1000, token)).toBeUndefined();
    } finally {
      reads.mockRestore();
    }
  });

  it('forgets every session when sessions or users are written, in a transaction or by raw SQL, and not otherwise', async () => {
    const { db } = t.engine;
    const cache = watchedCacheOf<string>(db, 'sessions')!;
    const kept = async (write: () => Promise<unknown>) => {
      cache.set('h', 'row');
      await write();
      return cache.get('h') !== undefined;
    };
    expect(await kept(() => db.selectFrom('users').select('id').execute())).toBe(true);
    expect(await kept(() => db.updateTable('organisations').set({ updated_at: 1 }).where('id', '=', 'none').execute())).toBe(true);
    expect(await kept(() => sql`select count(*) from sessions`.execute(db))).toBe(true);
    expect(await kept(() => db.updateTable('users').set({ updated_at: 1 }).where('id', '=', 'none').execute())).toBe(false);
    expect(await kept(() => db.deleteFrom('sessions').where('id', '=', 'none').execute())).toBe(false);
    expect(await kept(() => db.transaction().execute((trx) => trx.updateTable('sessions').set({ revoked_at: 1 }).where('id', '=', 'none').execute()))).toBe(false);
    expect(await kept(() => sql`update users set updated_at = 1 where id = 'none'`.execute(db))).toBe(false);
  });

  it('keeps a value for WATCHED_CACHE_MS of real time, and not a read that a write overtook', async () => {
    let now = 0;
    const cache = new WatchedCache<string>(() => now);
    cache.set(hashToken('x'), 'row');
    now = WATCHED_CACHE_MS - 1;
    expect(cache.get(hashToken('x'))).toBe('row');
    now = WATCHED_CACHE_MS;
    expect(cache.get(hashToken('x'))).toBeUndefined();

    let finish: (value: string) => void = () => {};
    const reading = cache.read('k', () => new Promise<string>((resolve) => { finish = resolve; }));
    cache.clear();
    finish('read before the write');
    expect(await reading).toBe('read before the write');
    expect(cache.get('k')).toBeUndefined();
    expect(await cache.read('k', async () => 'fresh')).toBe('fresh');
    expect(cache.get('k')).toBe('fresh');
    expect(await cache.read('gone', async () => 'none', () => false)).toBe('none');
    expect(cache.get('gone')).toBeUndefined();
  });

  it("shows a category enabled in onboarding on the accounts screen's next call", async () => {
    const admin = await signUp(t, 'cats@acme.test');
    const { orgId } = await whoIs(t, admin);
    const categories = async () => (await t.call('GET', '/api/app.getIntegrationAccounts', { token: admin })).body.msg.categoryList.map((c: { value: string }) => c.value);
    const before = await categories();
    const next = ['CRM', 'TICKETING', 'EMAIL'].find((c) => !before.includes(c))!;
    const now = t.clock.now();
    await t.engine.db.insertInto('getting_started').values({ org_id: orgId, flow: 'web', category: next, enabled: 1, last_modified: now, created_at: now })
      .onConflict((oc) => oc.columns(['org_id', 'flow', 'category']).doUpdateSet({ enabled: 1 })).execute();
    expect(await categories()).toContain(next);
  });

  it("counts the accounts screen's categories once for the calls of a second, and again after an account is written", async () => {
    const admin = await signUp(t, 'counts@acme.test');
    const { orgId } = await whoIs(t, admin);
    const screen = async (query: Record<string, string> = {}) => (await t.call('GET', '/api/app.getIntegrationAccounts', { token: admin, query })).body.msg;
    const countReads = vi.spyOn(t.engine.db, 'selectFrom');
    const reads = () => countReads.mock.calls.filter(([table]) => table === 'integrated_account_counts').length;
    try {
      expect((await screen()).integrationCount).toBe(0);
      await screen();
      expect(reads()).toBe(1);
      const account = await addAccount(t.engine.db, orgId, { created_at: t.clock.now(), category: 'CRM', integration_state: 'Error' });
      expect(await screen()).toMatchObject({ integrationCount: 1, categoryDetails: { CRM: 1 } });
      expect((await screen({ integrationState: 'error' })).integrationCount).toBe(1);
      expect(reads()).toBe(3);
      await t.engine.db.updateTable('integrated_accounts').set({ integration_state: 'Success' }).where('id', '=', account.id).execute();
      expect((await screen({ integrationState: 'error' })).integrationCount).toBe(0);
      expect((await screen({ integrationState: 'success' })).integrationCount).toBe(1);
    } finally {
      countReads.mockRestore();
    }
  });

  it('applies sign-out and a role change to the very next call', async () => {
    const admin = await signUp(t, 'boss@acme.test');
    const { orgId } = await whoIs(t, admin);
    const member = await addTeammate(t, orgId, 'mate@acme.test', 'member');
    expect((await t.call('GET', '/api/app.getIntegrationAccounts', { token: member.token })).status).toBe(200);
    expect((await t.call('POST', '/api/app.users.update', { token: admin, body: { userId: member.userId, role: 'billingcontact' } })).status).toBe(200);
    expect((await t.call('GET', '/api/app.getIntegrationAccounts', { token: member.token })).status).toBe(403);
    await t.call('POST', '/api/auth.signOut', { body: { token: admin } });
    expect((await t.call('GET', '/api/user.userDetails', { token: admin })).status).toBe(401);
  });

  it("tells the engine's other processes the cached tables a write touches, before it runs, and applies theirs", async () => {
    const { db } = t.engine;
    const watch = writeWatchOf(db)!;
    const told: string[][] = [];
    watch.relayWrites(CACHED_TABLES, (tables) => told.push(tables));
    try {
      await db.updateTable('organisations').set({ updated_at: 1 }).where('id', '=', 'none').execute();
      await db.selectFrom('sessions').select('id').execute();
      expect(told).toEqual([]);
      await db.transaction().execute((trx) => trx.updateTable('sessions').set({ revoked_at: 1 }).where('id', '=', 'none').execute());
      await sql`delete from getting_started where org_id = 'none'`.execute(db);
      expect(told).toEqual([['sessions'], ['getting_started']]);
      // A failed write was still announced: the others forget too much rather than too little.
      await expect(sql`update users set no_such_column = 1`.execute(db)).rejects.toThrow();
      expect(told.at(-1)).toEqual(['users']);

      const cache = watchedCacheOf<string>(db, 'enabledCategories')!;
      cache.set('org', 'categories');
      watch.writtenElsewhere(['sessions']);
      expect(cache.get('org')).toBe('categories');
      watch.writtenElsewhere(['categories']);
      expect(cache.get('org')).toBeUndefined();
    } finally {
      watch.relayWrites(new Set(), () => {});
    }
  });
});
