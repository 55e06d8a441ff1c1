import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signUp, startTestEngine, type TestEngine } from '../support/engineHarness.ts';
import { inviteData, lastMail, whoIs } from '../support/orgMembers.ts';

// Joining an organisation happens only through the invite's own link: an invitation never
// captures a self-sign-up, never blocks one, and never tells an admin who is registered elsewhere.
let t: TestEngine;
let admin: string;
let inviterOrg: string;
beforeEach(async () => {
  t = await startTestEngine();
  admin = await signUp(t, 'dana@acme.test');
  inviterOrg = (await whoIs(t, admin)).orgId;
});
afterEach(async () => { await t.close(); });

const invite = (email: string, role = 'member') => t.call('POST', '/api/app.users.invite', { token: admin, body: { list: [{ email, role }] } });
const orgDetails = (token: string, email: string, orgName: string, data?: string) => t.call('POST', '/api/auth.sendOrgDetails', {
  token, body: { username: 'Uma', orgName, apps: ['bamboohr'], userEmail: email, newUser: true, ...(data ? { data } : {}) },
});

async function verifyNewUser(email: string, data?: string) {
  await t.call('POST', '/api/auth.signIn', { body: { userEmail: email, newUser: true, ...(data ? { data } : {}) } });
  const verified = await t.call('POST', '/api/auth.verifyOtp', { body: { userEmail: email, newUser: true, otp: await t.lastCode(email), ...(data ? { data } : {}) } });
  expect(verified.status).toBe(200);
  return verified.body.msg as { token: string; orgId: string | null; invite: unknown; role: string };
}

describe('sign-up and invitations', () => {
  it('does not capture a user invited between their code and their organisation details', async () => {
    const half = await verifyNewUser('uma@solo.test');
    expect((await invite('uma@solo.test')).status).toBe(200);
    const sent = await orgDetails(half.token, 'uma@solo.test', 'Uma Solo');
    expect(sent.status).toBe(200);
    expect(sent.body.msg).toMatchObject({ orgName: 'Uma Solo', role: 'admin' });
    expect(sent.body.msg.orgId).not.toBe(inviterOrg);
    const me = await whoIs(t, half.token);
    expect(me.orgId).toBe(sent.body.msg.orgId);
    // The inviter's organisation does not hold them, and the withdrawn link no longer works.
    const list = await t.call('GET', '/api/app.users', { token: admin });
    expect(list.body.msg.users.map((u: { email: string }) => u.email)).not.toContain('uma@solo.test');
    const data = inviteData((await lastMail(t, 'uma@solo.test', 'invite'))?.link);
    t.clock.advance(61_000);
    const reused = await t.call('POST', '/api/auth.signIn', { body: { userEmail: 'uma@solo.test', newUser: true, data } });
    expect(reused.status).toBe(400);
  });

  it('lets an invited address found its own organisation: a pending invite never blocks a self-sign-up', async () => {
    expect((await invite('ivy@own.test')).status).toBe(200);
    const verified = await verifyNewUser('ivy@own.test');
    expect(verified).toMatchObject({ orgId: null, invite: null, role: 'admin' });
    const sent = await orgDetails(verified.token, 'ivy@own.test', 'Ivy Own');
    expect(sent.status).toBe(200);
    expect(sent.body.msg).toMatchObject({ orgName: 'Ivy Own', role: 'admin' });
    expect(sent.body.msg.orgId).not.toBe(inviterOrg);
    const me = await t.call('GET', '/api/user.userDetails', { token: verified.token });
    expect(me.body.msg).toMatchObject({ orgName: 'Ivy Own', role: 'admin', isVerified: true });
  });

  it('joins the inviting organisation through the link', async () => {
    await invite('joe@acme.test', 'billingcontact');
    const data = inviteData((await lastMail(t, 'joe@acme.test', 'invite'))?.link);
    const verified = await verifyNewUser('joe@acme.test', data);
    expect(verified).toMatchObject({ orgId: inviterOrg, role: 'billingcontact' });
    const sent = await orgDetails(verified.token, 'joe@acme.test', 'ignored', data);
    expect(sent.body.msg).toMatchObject({ orgId: inviterOrg, role: 'billingcontact' });
  });

  it('answers an invitation of an address registered elsewhere exactly like a new one', async () => {
    await signUp(t, 'olga@other.test');
    const elsewhere = await invite('olga@other.test');
    const fresh = await invite('nina@new.test');
    expect(elsewhere.status).toBe(fresh.status);
    expect(elsewhere.body.msg.message).toBe(fresh.body.msg.message);
    expect(Object.keys(elsewhere.body.msg.invited[0]).sort()).toEqual(Object.keys(fresh.body.msg.invited[0]).sort());
    // Olga stays in her organisation and is told, without a link to follow.
    const notice = await lastMail(t, 'olga@other.test', 'invite');
    expect(notice?.link).toBeNull();
    expect(notice?.text).toContain('already belongs to another organisation');
  });

  it('lists, re-invites, resends, re-roles and deletes an address registered elsewhere exactly like a new one', async () => {
    await signUp(t, 'olga@other.test');
    const invitedIds = [];
    for (const email of ['olga@other.test', 'nina@new.test']) invitedIds.push((await invite(email)).body.msg.invited[0].userId);
    const listed = async () => (await t.call('GET', '/api/app.users', { token: admin })).body.msg.users as { userId: string; email: string; invitedAt: number }[];
    const rowOf = async (email: string) => (await listed()).find((u) => u.email === email);
    const [olga, nina] = [await rowOf('olga@other.test'), await rowOf('nina@new.test')];
    expect(olga).toBeDefined();
    expect(olga!.userId).toBe(invitedIds[0]);
    expect(olga!.userId.slice(0, 4)).toBe(nina!.userId.slice(0, 4));
    const { userId: _o, email: _oe, ...olgaRest } = olga!;
    const { userId: _n, email: _ne, ...ninaRest } = nina!;
    expect(olgaRest).toEqual(ninaRest);
    // Searching finds both.
    const found = await t.call('GET', '/api/app.users', { token: admin, query: { search: 'olga' } });
    expect(found.body.msg.users.map((u: { email: string }) => u.email)).toEqual(['olga@other.test']);

    const again = await Promise.all(['olga@other.test', 'nina@new.test'].map((email) => invite(email)));
    expect(again.map((r) => [r.status, r.body.msg?.message ?? r.body.error?.message])).toEqual([again[1], again[1]].map((r) => [r.status, r.body.msg?.message ?? r.body.error?.message]));
    expect(again[0].status).toBe(400);

    const resend = (row: { userId: string; email: string }) => t.call('POST', '/api/app.users.resendInvite', { token: admin, body: { userId: row.userId, email: row.email, role: 'admin' } });
    const early = [await resend(olga!), await resend(nina!)];
    expect(early.map((r) => r.status)).toEqual([429, 429]);
    t.clock.advance(61_000);
    const resent = [await resend(olga!), await resend(nina!)];
    expect(resent.map((r) => r.status)).toEqual([200, 200]);
    expect(Object.keys(resent[0].body.msg).sort()).toEqual(Object.keys(resent[1].body.msg).sort());
    expect((await lastMail(t, 'olga@other.test', 'invite'))?.link).toBeNull();
    expect(await rowOf('olga@other.test')).toMatchObject({ userId: olga!.userId, role: 'admin', invitedAt: olga!.invitedAt });

    const update = (row: { userId: string }) => t.call('POST', '/api/app.users.update', { token: admin, body: { userId: row.userId, role: 'billingcontact' } });
    const updated = [await update(olga!), await update(nina!)];
    expect(updated.map((r) => r.status)).toEqual([200, 200]);
    expect(updated[0].body.msg.user).toMatchObject({ userId: olga!.userId, role: 'billingcontact', inviteStatus: 'unverified' });

    const remove = (row: { userId: string }) => t.call('POST', '/api/app.users.delete', { token: admin, body: { userId: row.userId } });
    expect([(await remove(olga!)).status, (await remove(nina!)).status]).toEqual([200, 200]);
    expect((await listed()).map((u) => u.email)).toEqual(['dana@acme.test']);
    expect([(await remove(olga!)).status, (await remove(nina!)).status]).toEqual([404, 404]);
    // Olga's own organisation is untouched.
    expect((await t.call('POST', '/api/auth.signIn', { body: { userEmail: 'olga@other.test' } })).status).toBe(200);
  });

  it('counts notices to addresses registered elsewhere in the daily invitation quota', async () => {
    await signUp(t, 'olga@other.test');
    // 5 batches of 20: the notice to Olga and 99 new addresses, 100 in all.
    for (let i = 0; i < 5; i += 1) {
      const list = Array.from({ length: 20 }, (_, j) => ({ email: i === 0 && j === 0 ? 'olga@other.test' : `n${i}-${j}@new.test`, role: 'member' }));
      expect((await t.call('POST', '/api/app.users.invite', { token: admin, body: { list } })).status).toBe(200);
    }
    const over = await invite('one-more@new.test');
    expect(over.status).toBe(429);
  });
});
