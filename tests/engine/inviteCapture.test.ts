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

  it('counts notices to addresses registered elsewhere in the daily invitation quota', async () => {
    await signUp(t, 'olga@other.test');
    // 5 batches of 20: the notice to Olga and 19 new addresses each, 100 in all.
    for (let i = 0; i < 5; i += 1) {
      const list = Array.from({ length: 20 }, (_, j) => ({ email: j === 0 ? 'olga@other.test' : `n${i}-${j}@new.test`, role: 'member' }));
      expect((await t.call('POST', '/api/app.users.invite', { token: admin, body: { list } })).status).toBe(200);
    }
    const over = await invite('olga@other.test');
    expect(over.status).toBe(429);
  });
});
