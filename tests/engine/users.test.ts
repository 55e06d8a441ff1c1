import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signUp, startTestEngine, type TestEngine } from '../support/engineHarness.ts';
import { createSession } from '../../src/engine/services/sessions.ts';
import { addTeammate, inviteData, lastMail, whoIs } from '../support/orgMembers.ts';

// User management, profile and org settings (tag users), on SQLite and PostgreSQL.
const INVALID_INVITE = 'The invite link is invalid. Please click here to signup.';

let t: TestEngine;
let admin: string;
let org: { userId: string; orgId: string; email: string };
beforeEach(async () => {
  t = await startTestEngine();
  admin = await signUp(t, 'dana@acme.test');
  org = await whoIs(t, admin);
});
afterEach(async () => { await t.close(); });

const invite = (list: { email: string; role: string }[], token = admin) => t.call('POST', '/api/app.users.invite', { token, body: { list } });
const users = (token = admin, search?: string) => t.call('GET', '/api/app.users', { token, query: search ? { search } : undefined });
const rowOf = async (email: string) => (await users()).body.msg.users.find((u: { email: string }) => u.email === email);

/** Signs an invitee up through the invite link: signIn, verifyOtp and sendOrgDetails with the token. */
async function acceptInvite(email: string, data: string) {
  const signIn = await t.call('POST', '/api/auth.signIn', { body: { userEmail: email, newUser: true, data } });
  expect(signIn.status).toBe(200);
  const otp = await t.lastCode(email);
  const verified = await t.call('POST', '/api/auth.verifyOtp', { body: { userEmail: email, newUser: true, otp, data } });
  expect(verified.status).toBe(200);
  const token = verified.body.msg.token as string;
  const sent = await t.call('POST', '/api/auth.sendOrgDetails', {
    token, body: { username: 'Sam Member', orgName: 'Acme', apps: ['bamboohr'], userEmail: email, newUser: true, orgId: verified.body.msg.orgId, data },
  });
  return { verified, sent, token };
}

describe('app.users', () => {
  it('lists the organisation with the current user first, permissions and invite status', async () => {
    await invite([{ email: 'zed@acme.test', role: 'billingcontact' }, { email: 'amy@acme.test', role: 'member' }]);
    const res = await users();
    expect(res.status).toBe(200);
    expect(res.body.msg.userCount).toBe(3);
    expect(res.body.msg.users.map((u: { email: string }) => u.email)).toEqual(['dana@acme.test', 'amy@acme.test', 'zed@acme.test']);
    expect(res.body.msg.users[0]).toMatchObject({ isCurrentUser: true, role: 'admin', inviteStatus: 'verified', isVerified: true, invitedBy: null, permissions: ['Data models', 'Integrations', 'Users', 'Billing'] });
    expect(res.body.msg.users[1]).toMatchObject({ username: null, inviteStatus: 'unverified', isVerified: false, invitedBy: 'dana@acme.test', permissions: ['Data models', 'Integrations'] });
    expect(res.body.msg.users[1].invitedAt).toBe(Math.floor(t.clock.now() / 1000));
    expect(res.body.msg.users[2].permissions).toEqual(['Billing']);
  });

  it('searches name and e-mail case-insensitively, with LIKE wildcards taken literally', async () => {
    await invite([{ email: 'sam_ops@acme.test', role: 'member' }, { email: 'samuel@acme.test', role: 'member' }]);
    expect((await users(admin, 'SAM')).body.msg.userCount).toBe(2);
    expect((await users(admin, 'sam_')).body.msg.users.map((u: { email: string }) => u.email)).toEqual(['sam_ops@acme.test']);
    expect((await users(admin, 'dana x')).body.msg.userCount).toBe(0);
    expect((await users(admin, 'DEVELOPER')).body.msg.users[0].email).toBe('dana@acme.test');
  });

  it('is for admins only and never shows another organisation', async () => {
    const { token: member } = await addTeammate(t, org.orgId, 'mo@acme.test', 'member');
    expect((await users(member)).status).toBe(403);
    t.clock.advance(61_000);
    const other = await signUp(t, 'olga@other.test');
    const theirs = await users(other);
    expect(theirs.body.msg.users.map((u: { email: string }) => u.email)).toEqual(['olga@other.test']);
  });
});

describe('app.users.invite', () => {
  it('invites lowercased e-mails, creates unverified users and mails each a sign-up link', async () => {
    const res = await invite([{ email: '  Sam@Acme.TEST ', role: 'member' }, { email: 'fin@acme.test', role: 'billingcontact' }]);
    expect(res.status).toBe(200);
    expect(res.body.msg.message).toBe('Invitation sent successfully to 2 people');
    expect(res.body.msg.invitedCount).toBe(2);
    expect(res.body.msg.invited.map((i: { email: string; role: string }) => [i.email, i.role])).toEqual([['sam@acme.test', 'member'], ['fin@acme.test', 'billingcontact']]);
    const mail = await lastMail(t, 'sam@acme.test', 'invite');
    expect(mail?.subject).toBe('You are invited to Acme');
    expect(mail?.link).toMatch(/^http:\/\/localhost:\d+\/signup\?data=/);
    expect(mail?.text).toContain(mail!.link!);
    expect((await rowOf('sam@acme.test')).inviteStatus).toBe('unverified');
  });

  it.each([
    ['the current user', [{ email: 'DANA@acme.test', role: 'member' }], 0, 'Current user email, enter a different email'],
    ['an e-mail twice in the list', [{ email: 'a@acme.test', role: 'member' }, { email: 'A@acme.test ', role: 'admin' }], 1, 'Email already exists in invite list!'],
  ])('refuses %s', async (_what, list, row, msg) => {
    const res = await invite(list);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ msg, field: `list.${row}.email` });
  });

  it('refuses a pending invitation and a registered e-mail, all or nothing', async () => {
    await invite([{ email: 'sam@acme.test', role: 'member' }]);
    const pending = await invite([{ email: 'new1@acme.test', role: 'member' }, { email: 'sam@acme.test', role: 'member' }]);
    expect(pending.status).toBe(400);
    expect(pending.body.error).toMatchObject({ msg: 'Email already exists in invite list!', field: 'list.1.email' });
    await addTeammate(t, org.orgId, 'olga@acme.test', 'member');
    const registered = await invite([{ email: 'new2@acme.test', role: 'member' }, { email: 'Olga@Acme.test', role: 'admin' }]);
    expect(registered.body.error).toMatchObject({ msg: 'Email already registered!', field: 'list.1.email' });
    // Nothing of either request was written or sent.
    expect(await rowOf('new1@acme.test')).toBeUndefined();
    expect(await rowOf('new2@acme.test')).toBeUndefined();
    expect(await t.engine.db.selectFrom('mailbox').select('id').where('to_email', 'in', ['new1@acme.test', 'new2@acme.test']).execute()).toEqual([]);
  });

  it('applies the schema messages', async () => {
    expect((await invite([{ email: 'not-an-email', role: 'member' }])).body.error).toMatchObject({ msg: 'The input is not valid email!', field: 'list.0.email' });
    expect((await invite([{ email: 'x@acme.test', role: '' }])).body.error.msg).toBe('Missing role');
    expect((await t.call('POST', '/api/app.users.invite', { token: admin, body: { list: [{ role: 'member' }] } })).body.error.msg).toBe('Missing email');
    expect((await invite([])).body.error.msg).toBe('Missing email');
  });

  it('caps an organisation at 100 invitations a day', async () => {
    for (let batch = 0; batch < 5; batch += 1) {
      const list = Array.from({ length: 20 }, (_, i) => ({ email: `u${batch}-${i}@acme.test`, role: 'member' }));
      expect((await invite(list)).status).toBe(200);
    }
    const over = await invite([{ email: 'one-more@acme.test', role: 'member' }]);
    expect(over.status).toBe(429);
    expect(over.body.error.retryAfterSeconds).toBe(86_400);
    t.clock.advance(86_400_001);
    // A day outlives the session's idle lifetime: sign the admin in again.
    const fresh = await createSession(t.engine.db, t.engine.config, t.clock.now(), org.userId, org.orgId);
    expect((await invite([{ email: 'one-more@acme.test', role: 'member' }], fresh)).status).toBe(200);
  });

  it('never lets concurrent invitations overrun the daily cap, and a refused batch costs nothing', async () => {
    // 30 batches of 5 at once (150 addresses): on PostgreSQL they run on separate connections.
    const batches = Array.from({ length: 30 }, (_, b) => Array.from({ length: 5 }, (_, i) => ({ email: `c${b}-${i}@acme.test`, role: 'member' })));
    const results = await Promise.all(batches.map((list) => invite(list)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(20);
    expect(results.filter((r) => r.status === 429)).toHaveLength(10);
    const listed = (await t.call('GET', '/api/app.users', { token: admin })).body.msg.users as unknown[];
    expect(listed).toHaveLength(1 + 100);
    expect((await invite([{ email: 'one-more@acme.test', role: 'member' }])).status).toBe(429);
  });

  it('does not count a batch refused for want of room', async () => {
    const batch = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => ({ email: `${prefix}${i}@acme.test`, role: 'member' }));
    for (const prefix of ['a', 'b', 'c', 'd']) expect((await invite(batch(prefix, 20))).status).toBe(200);
    expect((await invite(batch('e', 19))).status).toBe(200);
    expect((await invite(batch('f', 2))).status).toBe(429);
    expect((await invite(batch('g', 1))).status).toBe(200);
  });

  it('can invite someone who verified a code on the sign-up tab but never finished', async () => {
    await t.call('POST', '/api/auth.signIn', { body: { userEmail: 'half@acme.test', newUser: true } });
    await t.call('POST', '/api/auth.verifyOtp', { body: { userEmail: 'half@acme.test', newUser: true, otp: await t.lastCode('half@acme.test') } });
    const res = await invite([{ email: 'half@acme.test', role: 'billingcontact' }]);
    expect(res.status).toBe(200);
    t.clock.advance(61_000);
    const { sent, token } = await acceptInvite('half@acme.test', inviteData((await lastMail(t, 'half@acme.test', 'invite'))?.link));
    expect(sent.body.msg).toMatchObject({ orgId: org.orgId, role: 'billingcontact' });
    expect((await whoIs(t, token)).orgId).toBe(org.orgId);
  });
});

describe('the invite link end to end', () => {
  it('signs the invitee up into the organisation with the invited role; the link then stops working', async () => {
    await invite([{ email: 'sam@acme.test', role: 'member' }]);
    const data = inviteData((await lastMail(t, 'sam@acme.test', 'invite'))?.link);
    const { verified, sent, token } = await acceptInvite('sam@acme.test', data);
    expect(verified.body.msg).toMatchObject({ orgDetailsRequired: true, orgId: org.orgId, role: 'member', invite: { orgId: org.orgId, orgName: 'Acme', role: 'member', invitedBy: 'dana@acme.test' } });
    expect(sent.status).toBe(200);
    expect(sent.body.msg).toMatchObject({ orgId: org.orgId, orgName: 'Acme', role: 'member' });
    const me = await t.call('GET', '/api/user.userDetails', { token });
    expect(me.body.msg).toMatchObject({ orgId: org.orgId, role: 'member', isVerified: true, username: 'Sam Member' });
    expect(await rowOf('sam@acme.test')).toMatchObject({ inviteStatus: 'verified', username: 'Sam Member', role: 'member' });
    // A member cannot manage users.
    expect((await users(token)).status).toBe(403);

    t.clock.advance(61_000);
    const reused = await t.call('POST', '/api/auth.signIn', { body: { userEmail: 'sam@acme.test', newUser: true, data } });
    expect(reused.status).toBe(400);
    expect(reused.body.error.msg).toBe(INVALID_INVITE);
  });

  it('refuses a forged link, and a real link used by another e-mail', async () => {
    await invite([{ email: 'sam@acme.test', role: 'admin' }]);
    const data = inviteData((await lastMail(t, 'sam@acme.test', 'invite'))?.link);
    const [body, mac] = data.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ inv: 'inv_someoneelse' })).toString('base64url');
    for (const forged of [`${forgedPayload}.${mac}`, `${body}.${mac!.slice(0, -2)}xx`, 'garbage']) {
      const res = await t.call('POST', '/api/auth.signIn', { body: { userEmail: 'sam@acme.test', newUser: true, data: forged } });
      expect(res.status).toBe(400);
      expect(res.body.error.msg).toBe(INVALID_INVITE);
    }
    const stranger = await t.call('POST', '/api/auth.signIn', { body: { userEmail: 'eve@evil.test', newUser: true, data } });
    expect(stranger.body.error.msg).toBe(INVALID_INVITE);
    // The sign-up form's orgId must be the invite's organisation.
    await t.call('POST', '/api/auth.signIn', { body: { userEmail: 'sam@acme.test', newUser: true, data } });
    const verified = await t.call('POST', '/api/auth.verifyOtp', { body: { userEmail: 'sam@acme.test', newUser: true, otp: await t.lastCode('sam@acme.test'), data } });
    const tampered = await t.call('POST', '/api/auth.sendOrgDetails', {
      token: verified.body.msg.token, body: { username: 'Sam', orgName: 'Acme', apps: ['bamboohr'], userEmail: 'sam@acme.test', newUser: true, orgId: 'org_other', data },
    });
    expect(tampered.status).toBe(400);
    expect(tampered.body.error.msg).toBe(INVALID_INVITE);
  });

  it('gives the role changed while the invitation was pending', async () => {
    const { body } = await invite([{ email: 'sam@acme.test', role: 'member' }]);
    const userId = body.msg.invited[0].userId;
    const updated = await t.call('POST', '/api/app.users.update', { token: admin, body: { userId, role: 'billingcontact' } });
    expect(updated.body.msg.user).toMatchObject({ role: 'billingcontact', permissions: ['Billing'], inviteStatus: 'unverified' });
    const { sent } = await acceptInvite('sam@acme.test', inviteData((await lastMail(t, 'sam@acme.test', 'invite'))?.link));
    expect(sent.body.msg.role).toBe('billingcontact');
  });
});

describe('app.users.resendInvite', () => {
  it('answers 429 within 60 s, then sends a fresh link and retires the old one', async () => {
    const { body } = await invite([{ email: 'sam@acme.test', role: 'member' }]);
    const userId = body.msg.invited[0].userId;
    const first = await lastMail(t, 'sam@acme.test', 'invite');
    t.clock.advance(18_000);
    const early = await t.call('POST', '/api/app.users.resendInvite', { token: admin, body: { email: 'sam@acme.test', role: 'member', userId } });
    expect(early.status).toBe(429);
    expect(early.body.error).toMatchObject({ msg: 'Invitation already sent to sam@acme.test! Retry after 42 sec!', retryAfterSeconds: 42, code: 'RATE_LIMITED' });

    t.clock.advance(42_000);
    const res = await t.call('POST', '/api/app.users.resendInvite', { token: admin, body: { email: 'SAM@acme.test', role: 'admin', userId } });
    expect(res.status).toBe(200);
    expect(res.body.msg).toEqual({ secondsSinceLastInvite: 60, sent: true, lastInvitedAt: Math.floor(t.clock.now() / 1000) });
    const second = await lastMail(t, 'sam@acme.test', 'invite', first!.id);
    expect(second?.link).not.toBe(first?.link);
    expect(await rowOf('sam@acme.test')).toMatchObject({ role: 'admin', lastInvitedAt: Math.floor(t.clock.now() / 1000) });
    const again = await t.call('POST', '/api/app.users.resendInvite', { token: admin, body: { email: 'sam@acme.test', role: 'admin', userId } });
    expect(again.body.error.msg).toBe('Invitation already sent to sam@acme.test! Retry after 60 sec!');

    const old = await t.call('POST', '/api/auth.signIn', { body: { userEmail: 'sam@acme.test', newUser: true, data: inviteData(first?.link) } });
    expect(old.body.error.msg).toBe(INVALID_INVITE);
    const { sent } = await acceptInvite('sam@acme.test', inviteData(second?.link));
    expect(sent.body.msg.role).toBe('admin');
  });

  it('refuses a signed-up user (409), a wrong e-mail and another organisation (404)', async () => {
    const { userId: memberId } = await addTeammate(t, org.orgId, 'mo@acme.test', 'member');
    const verified = await t.call('POST', '/api/app.users.resendInvite', { token: admin, body: { email: 'mo@acme.test', role: 'member', userId: memberId } });
    expect(verified.status).toBe(409);
    expect(verified.body.error.msg).toBe('User has already signed up');
    const { body } = await invite([{ email: 'sam@acme.test', role: 'member' }]);
    const userId = body.msg.invited[0].userId;
    t.clock.advance(61_000);
    expect((await t.call('POST', '/api/app.users.resendInvite', { token: admin, body: { email: 'other@acme.test', role: 'member', userId } })).status).toBe(404);
    const other = await signUp(t, 'olga@other.test');
    expect((await t.call('POST', '/api/app.users.resendInvite', { token: other, body: { email: 'sam@acme.test', role: 'member', userId } })).status).toBe(404);
  });
});

describe('app.users.update and app.users.delete', () => {
  it('changes a role, which the user\'s open session gets at its next call', async () => {
    const { userId, token } = await addTeammate(t, org.orgId, 'mo@acme.test', 'member');
    expect((await users(token)).status).toBe(403);
    const res = await t.call('POST', '/api/app.users.update', { token: admin, body: { userId, role: 'admin' } });
    expect(res.status).toBe(200);
    expect(res.body.msg).toMatchObject({ message: 'User details successfully edited', user: { userId, role: 'admin', isCurrentUser: false } });
    expect((await users(token)).status).toBe(200);
  });

  it('deletes a user, revoking its sessions and freeing its e-mail', async () => {
    const { userId, token } = await addTeammate(t, org.orgId, 'mo@acme.test', 'member');
    const res = await t.call('POST', '/api/app.users.delete', { token: admin, body: { userId } });
    expect(res.status).toBe(200);
    expect(res.body.msg).toEqual({ message: 'User deleted successfully', userId });
    expect((await t.call('GET', '/api/user.userDetails', { token })).status).toBe(401);
    expect(await rowOf('mo@acme.test')).toBeUndefined();
    expect((await t.call('POST', '/api/app.users.delete', { token: admin, body: { userId } })).status).toBe(404);
    expect((await invite([{ email: 'mo@acme.test', role: 'member' }])).status).toBe(200);
  });

  it('cancels a pending invitation: its link stops working', async () => {
    const { body } = await invite([{ email: 'sam@acme.test', role: 'member' }]);
    const data = inviteData((await lastMail(t, 'sam@acme.test', 'invite'))?.link);
    await t.call('POST', '/api/app.users.delete', { token: admin, body: { userId: body.msg.invited[0].userId } });
    const res = await t.call('POST', '/api/auth.signIn', { body: { userEmail: 'sam@acme.test', newUser: true, data } });
    expect(res.body.error.msg).toBe(INVALID_INVITE);
  });

  it('refuses the caller\'s own row, and another organisation\'s user', async () => {
    const ownEdit = await t.call('POST', '/api/app.users.update', { token: admin, body: { userId: org.userId, role: 'member' } });
    const ownDelete = await t.call('POST', '/api/app.users.delete', { token: admin, body: { userId: org.userId } });
    for (const res of [ownEdit, ownDelete]) {
      expect(res.status).toBe(403);
      expect(res.body.error.msg).toBe('You cannot edit or delete your own user');
    }
    t.clock.advance(61_000);
    const other = await signUp(t, 'olga@other.test');
    const theirs = await whoIs(t, other);
    expect((await t.call('POST', '/api/app.users.update', { token: admin, body: { userId: theirs.userId, role: 'member' } })).status).toBe(404);
    expect((await t.call('POST', '/api/app.users.delete', { token: admin, body: { userId: theirs.userId } })).status).toBe(404);
    expect((await t.call('GET', '/api/user.userDetails', { token: other })).status).toBe(200);
  });
});

describe('profile and organisation settings', () => {
  it('updates the profile; only an admin changes the organisation name', async () => {
    const res = await t.call('POST', '/api/app.updateUserProfile', { token: admin, body: { username: ' Dana D ', designation: 'CTO', orgName: 'Acme Inc', orgSize: '101-250' } });
    expect(res.status).toBe(200);
    expect(res.body.msg.message).toBe('User details updated');
    expect(res.body.msg.user).toMatchObject({ username: 'Dana D', designation: 'CTO', orgName: 'Acme Inc', orgSize: '101-250' });

    const { token: member } = await addTeammate(t, org.orgId, 'mo@acme.test', 'member');
    const same = await t.call('POST', '/api/app.updateUserProfile', { token: member, body: { username: 'Mo', orgName: 'Acme Inc', orgSize: '101-250' } });
    expect(same.status).toBe(200);
    const renamed = await t.call('POST', '/api/app.updateUserProfile', { token: member, body: { username: 'Mo', orgName: 'Mo Corp' } });
    expect(renamed.status).toBe(403);
    expect(renamed.body.error.msg).toBe('Only admin can edit the organisation name');
  });

  it.each([
    [{ username: '   ' }, 'username'],
    [{ username: 'Dana', designation: '' }, 'designation'],
    [{ username: 'Dana', orgName: ' ' }, 'orgName'],
  ])('refuses blank values with the spec message (%j)', async (body, field) => {
    const res = await t.call('POST', '/api/app.updateUserProfile', { token: admin, body });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ msg: 'Please input valid values', field });
  });

  it('saves organisation settings; members may only change the default integration type', async () => {
    const res = await t.call('POST', '/api/user.orgDetails.update', { token: admin, body: { defaultIntegrationType: 'production', goLivePlan: '30_days', orgName: 'Acme Two' } });
    expect(res.body.msg).toEqual({ message: 'Successfully saved the changes', orgId: org.orgId, orgName: 'Acme Two', orgSize: '51-100', goLivePlan: '30_days', defaultIntegrationType: 'production' });
    expect((await t.call('GET', '/api/user.userDetails', { token: admin })).body.msg.defaultIntegrationType).toBe('production');

    const { token: member } = await addTeammate(t, org.orgId, 'mo@acme.test', 'member');
    expect((await t.call('POST', '/api/user.orgDetails.update', { token: member, body: { defaultIntegrationType: 'test' } })).status).toBe(200);
    const denied = await t.call('POST', '/api/user.orgDetails.update', { token: member, body: { goLivePlan: 'not_sure' } });
    expect(denied.status).toBe(403);
    expect(denied.body.error.msg).toBe('Only admin can edit the organisation name');
    const { token: billing } = await addTeammate(t, org.orgId, 'bill@acme.test', 'billingcontact');
    expect((await t.call('POST', '/api/user.orgDetails.update', { token: billing, body: { defaultIntegrationType: 'test' } })).status).toBe(403);
    expect((await t.call('POST', '/api/user.orgDetails.update', { token: admin, body: { orgName: '  ' } })).body.error.msg).toBe('Please input valid values');
    expect((await t.call('POST', '/api/user.orgDetails.update', { token: admin, body: {} })).status).toBe(400);
  });

  it('stores the test-account popup state per user', async () => {
    const shown = String(Math.floor(t.clock.now() / 1000) - 60);
    const res = await t.call('POST', '/api/user.userDetails.update', { token: admin, body: { lastTestAccPopupAt: shown } });
    expect(res.body.msg).toEqual({ lastTestAccPopupAt: Number(shown), hideTestAccPopup: false });
    const hidden = await t.call('POST', '/api/user.userDetails.update', { token: admin, body: { lastTestAccPopupAt: shown, hideTestAccPopup: true } });
    expect(hidden.body.msg.hideTestAccPopup).toBe(true);
    // Absent leaves hideTestAccPopup as stored.
    expect((await t.call('POST', '/api/user.userDetails.update', { token: admin, body: { lastTestAccPopupAt: shown } })).body.msg.hideTestAccPopup).toBe(true);
    expect((await t.call('GET', '/api/user.userDetails', { token: admin })).body.msg).toMatchObject({ lastTestAccPopupAt: Number(shown), hideTestAccPopup: true });
    const future = await t.call('POST', '/api/user.userDetails.update', { token: admin, body: { lastTestAccPopupAt: String(Math.floor(t.clock.now() / 1000) + 301) } });
    expect(future.status).toBe(400);
    expect((await t.call('POST', '/api/user.userDetails.update', { token: admin, body: { lastTestAccPopupAt: 'soon' } })).status).toBe(400);
  });
});
