import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signUp, startTestEngine, type TestEngine } from '../support/engineHarness.ts';
import { SIGN_IN_LIMITS } from '../../src/engine/services/authThrottle.ts';

// Passwordless auth rules of issue 3, each one a test (runs on SQLite and on PostgreSQL).
let t: TestEngine;
beforeEach(async () => { t = await startTestEngine(); });
afterEach(async () => { await t.close(); });

const signIn = (userEmail: string, newUser = false, extra: object = {}) => t.call('POST', '/api/auth.signIn', { body: { userEmail, newUser, ...extra } });
const verify = (userEmail: string, otp: string, newUser = false) => t.call('POST', '/api/auth.verifyOtp', { body: { userEmail, newUser, otp } });
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('sign-up and login', () => {
  it('signs a new user up, reads user and org metadata, and signs out', async () => {
    const token = await signUp(t, 'dana@acme.test');
    const me = await t.call('GET', '/api/user.userDetails', { token });
    expect(me.status).toBe(200);
    expect(me.body.msg).toMatchObject({ userEmail: 'dana@acme.test', role: 'admin', orgName: 'Acme', isVerified: true, orgSize: '51-100' });
    expect(me.body.msg.apps).toEqual([{ id: 'requested:acme-payroll', label: 'Acme Payroll', category: 'Requested' }]);
    const meta = await t.call('GET', '/api/app.getOrgMetaData', { token });
    expect(meta.body.msg.orgMetaData).toMatchObject({ isTrial: true, isPaid: false });
    expect(meta.body.msg.orgMetaData.subscriptionId).toMatch(/^sub_/);
    expect((await t.call('POST', '/api/auth.signOut', { body: { token } })).status).toBe(200);
    expect((await t.call('GET', '/api/user.userDetails', { token })).status).toBe(401);
  });

  it('logs a known user in with a new session token each time', async () => {
    const first = await signUp(t, 'lee@acme.test');
    t.clock.advance(61_000);
    await signIn('lee@acme.test');
    const login = await verify('lee@acme.test', (await t.lastCode('lee@acme.test'))!);
    expect(login.status).toBe(200);
    expect(login.body.msg).toMatchObject({ orgDetailsRequired: false, isFirstLogin: false, role: 'admin', uiVersion: '1.2.3' });
    expect(login.body.msg.token).not.toBe(first);
    expect(login.body.msg.token.length).toBeGreaterThanOrEqual(43);
  });

  it('keeps a new user to step 2 until the details are sent', async () => {
    await signIn('new@acme.test', true);
    const session = await verify('new@acme.test', (await t.lastCode('new@acme.test'))!, true);
    expect(session.body.msg).toMatchObject({ orgDetailsRequired: true, isFirstLogin: true, orgId: null });
    const blocked = await t.call('GET', '/api/app.getOrgMetaData', { token: session.body.msg.token });
    expect(blocked.status).toBe(403);
    expect(blocked.body.error.code).toBe('ORG_DETAILS_REQUIRED');
  });

  it('answers an unknown e-mail exactly like a known one and sends it nothing', async () => {
    await signUp(t, 'known@acme.test');
    t.clock.advance(61_000);
    const known = await signIn('known@acme.test');
    const unknown = await signIn('nobody@acme.test');
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    // The known address's new code is stored once the mail work of both calls has run.
    expect(await t.lastCode('known@acme.test')).toBeDefined();
    const strangers = await t.engine.db.selectFrom('mailbox').select('id').where('to_email', '=', 'nobody@acme.test').execute();
    expect(strangers).toEqual([]);
    const guess = await verify('nobody@acme.test', '123456');
    expect(guess.status).toBe(400);
    expect(guess.body.error).toMatchObject({ msg: 'Please enter valid OTP', field: 'otp' });
  });
});

describe('codes', () => {
  beforeEach(async () => { await signIn('otp@acme.test', true); });

  it('refuses a wrong code with the spec message', async () => {
    const code = (await t.lastCode('otp@acme.test'))!;
    const res = await verify('otp@acme.test', wrong(code), true);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ msg: 'Please enter valid OTP', field: 'otp', code: 'VALIDATION' });
  });

  it('kills the code after 5 wrong tries with status 489', async () => {
    const code = (await t.lastCode('otp@acme.test'))!;
    for (let i = 0; i < 4; i += 1) expect((await verify('otp@acme.test', wrong(code), true)).status).toBe(400);
    const fifth = await verify('otp@acme.test', wrong(code), true);
    expect(fifth.status).toBe(489);
    expect(fifth.body.error.code).toBe('OTP_DEAD');
    expect((await verify('otp@acme.test', code, true)).status).toBe(489);
  });

  it('expires a code after 10 minutes', async () => {
    const code = (await t.lastCode('otp@acme.test'))!;
    t.clock.advance(10 * 60_000 + 1);
    const res = await verify('otp@acme.test', code, true);
    expect(res.status).toBe(400);
    expect(res.body.error.msg).toBe('OTP expired, please request a new one');
  });

  it('uses a code once', async () => {
    const code = (await t.lastCode('otp@acme.test'))!;
    expect((await verify('otp@acme.test', code, true)).status).toBe(200);
    expect((await verify('otp@acme.test', code, true)).status).toBe(400);
  });

  it('refuses a resend for 60 s with the seconds left, then replaces the code', async () => {
    const first = (await t.lastCode('otp@acme.test'))!;
    t.clock.advance(20_000);
    const early = await t.call('POST', '/api/auth.resendOtp', { body: { userEmail: 'otp@acme.test', newUser: true } });
    expect(early.status).toBe(429);
    expect(early.body.error).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 40 });
    t.clock.advance(40_000);
    const resent = await t.call('POST', '/api/auth.resendOtp', { body: { userEmail: 'otp@acme.test', newUser: true } });
    expect(resent.status).toBe(200);
    expect(resent.body.msg.message).toBe('New OTP sent to otp@acme.test');
    const second = (await t.lastCode('otp@acme.test'))!;
    if (second !== first) expect((await verify('otp@acme.test', first, true)).status).toBe(400);
    expect((await verify('otp@acme.test', second, true)).status).toBe(200);
  });

  it('a resend that comes before any sign-in starts the attempt and mails its code (it never holds the cooldown with nothing sent)', async () => {
    const resent = await t.call('POST', '/api/auth.resendOtp', { body: { userEmail: 'early@acme.test', newUser: true } });
    expect(resent.status).toBe(200);
    const code = await t.lastCode('early@acme.test');
    expect(code).toMatch(/^\d{6}$/);
    // The sign-in right after it is inside the cooldown: no second mail, and the code still works.
    const signIn = await t.call('POST', '/api/auth.signIn', { body: { userEmail: 'early@acme.test', newUser: true } });
    expect(signIn.body.msg.resendAfterSeconds).toBeGreaterThan(0);
    expect((await verify('early@acme.test', code!, true)).status).toBe(200);
    // An address nobody uses gets the same answer and no mail.
    const stranger = await t.call('POST', '/api/auth.resendOtp', { body: { userEmail: 'stranger@acme.test' } });
    expect(stranger.status).toBe(200);
    expect(await t.engine.db.selectFrom('mailbox').select('id').where('to_email', '=', 'stranger@acme.test').execute()).toEqual([]);
  });

  it('sends one code for concurrent sign-ins and resends of one address (the cooldown is claimed atomically)', async () => {
    const email = 'burst@acme.test';
    const calls = Array.from({ length: 12 }, (_, i) => (i % 2 === 0
      ? t.call('POST', '/api/auth.signIn', { body: { userEmail: email, newUser: true } })
      : t.call('POST', '/api/auth.resendOtp', { body: { userEmail: email, newUser: true } })));
    const answers = await Promise.all(calls);
    expect(answers.every((a) => a.status === 200 || a.status === 429)).toBe(true);
    await t.lastCode(email);
    await new Promise((r) => setTimeout(r, 100));
    const mails = await t.engine.db.selectFrom('mailbox').select('id').where('to_email', '=', email).where('kind', '=', 'otp').execute();
    expect(mails).toHaveLength(1);
  });

  it('binds a code to its sign-in attempt: a newer sign-in makes the old code useless', async () => {
    const first = (await t.lastCode('otp@acme.test'))!;
    t.clock.advance(61_000);
    await signIn('otp@acme.test', true);
    const second = (await t.lastCode('otp@acme.test'))!;
    if (second !== first) expect((await verify('otp@acme.test', first, true)).status).toBe(400);
    expect((await verify('otp@acme.test', second, true)).status).toBe(200);
  });

  it('lets no stranger lock the owner out: 20 wrong codes from elsewhere, then the owner signs in with a fresh code', async () => {
    const stranger = { remoteAddress: '127.0.0.66' };
    let code = (await t.lastCode('otp@acme.test'))!;
    for (let i = 0; i < 20; i += 1) {
      if (i > 0 && i % 5 === 0) {
        t.clock.advance(61_000);
        await t.call('POST', '/api/auth.signIn', { body: { userEmail: 'otp@acme.test', newUser: true }, ...stranger });
        code = (await t.lastCode('otp@acme.test'))!;
      }
      const guess = await t.call('POST', '/api/auth.verifyOtp', { body: { userEmail: 'otp@acme.test', newUser: true, otp: wrong(code) }, ...stranger });
      expect(guess.status).toBe(i % 5 === 4 ? 489 : 400);
    }
    t.clock.advance(61_000);
    await t.call('POST', '/api/auth.signIn', { body: { userEmail: 'otp@acme.test', newUser: true }, remoteAddress: '127.0.0.7' });
    code = (await t.lastCode('otp@acme.test'))!;
    const owner = await t.call('POST', '/api/auth.verifyOtp', { body: { userEmail: 'otp@acme.test', newUser: true, otp: code }, remoteAddress: '127.0.0.7' });
    expect(owner.status).toBe(200);
  });

  it('throttles code guessing per source address, over every e-mail, and not other sources', async () => {
    const { limit } = SIGN_IN_LIMITS.verifyPerSource;
    const from = { remoteAddress: '127.0.0.66' };
    for (let i = 0; i < limit; i += 1) {
      const res = await t.call('POST', '/api/auth.verifyOtp', { body: { userEmail: `victim${i}@acme.test`, newUser: false, otp: '000000' }, ...from });
      expect(res.status).toBe(400);
    }
    const over = await t.call('POST', '/api/auth.verifyOtp', { body: { userEmail: 'otp@acme.test', newUser: true, otp: '000000' }, ...from });
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe('RATE_LIMITED');
    const code = (await t.lastCode('otp@acme.test'))!;
    expect((await verify('otp@acme.test', code, true)).status).toBe(200);
  });

  it('caps code mails per address and source, per source, and per address', async () => {
    const send = (email: string, remoteAddress: string) =>
      t.call('POST', '/api/auth.signIn', { body: { userEmail: email, newUser: true }, remoteAddress });
    // One address from one source: the first mail was sent in beforeEach (from 127.0.0.1).
    for (let i = 1; i < SIGN_IN_LIMITS.mailsPerAddressAndSource.limit; i += 1) {
      t.clock.advance(61_000);
      expect((await send('otp@acme.test', '127.0.0.1')).status).toBe(200);
    }
    t.clock.advance(61_000);
    const capped = await send('otp@acme.test', '127.0.0.1');
    expect(capped.status).toBe(429);
    expect(capped.body.error.msg).toBe('Too many codes were requested. Please try again later');
    // Another source still reaches the inbox: a stranger's requests do not cut the owner off.
    expect((await send('otp@acme.test', '127.0.0.2')).status).toBe(200);

    // One source to many addresses.
    for (let i = 0; i < SIGN_IN_LIMITS.mailsPerSource.limit; i += 1) expect((await send(`spread${i}@acme.test`, '127.0.0.3')).status).toBe(200);
    expect((await send('one-more@acme.test', '127.0.0.3')).status).toBe(429);

    // One address from many sources: at most mailsPerAddress a day, and unknown e-mails alike.
    for (let i = 0; i < SIGN_IN_LIMITS.mailsPerAddress.limit; i += 1) {
      t.clock.advance(61_000);
      expect((await send('nobody@acme.test', `127.0.1.${i}`)).status).toBe(200);
    }
    t.clock.advance(61_000);
    expect((await send('nobody@acme.test', '127.0.2.1')).status).toBe(429);
    t.clock.advance(24 * 3_600_000);
    expect((await send('nobody@acme.test', '127.0.2.1')).status).toBe(200);
  });
});

describe('sessions', () => {
  it('answers 401 to an unknown token and to a revoked one', async () => {
    expect((await t.call('GET', '/api/user.userDetails', { token: 'not-a-real-token' })).status).toBe(401);
    expect((await t.call('GET', '/api/user.userDetails')).status).toBe(401);
    const token = await signUp(t, 'rev@acme.test');
    await t.call('POST', '/api/auth.signOut', { body: { token } });
    const res = await t.call('GET', '/api/user.userDetails', { token });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHORIZED');
  });

  it('expires a session after its idle lifetime and after its absolute lifetime', async () => {
    const token = await signUp(t, 'idle@acme.test');
    const { sessionIdleSeconds, sessionAbsoluteSeconds } = t.engine.config;
    t.clock.advance(sessionIdleSeconds * 1000 - 1000);
    expect((await t.call('GET', '/api/user.userDetails', { token })).status).toBe(200);
    t.clock.advance(sessionIdleSeconds * 1000 + 1);
    expect((await t.call('GET', '/api/user.userDetails', { token })).status).toBe(401);

    t.clock.advance(61_000);
    await signIn('idle@acme.test');
    const fresh = (await verify('idle@acme.test', (await t.lastCode('idle@acme.test'))!)).body.msg.token as string;
    for (let used = 0; used < sessionAbsoluteSeconds; used += sessionIdleSeconds / 2) {
      t.clock.advance((sessionIdleSeconds / 2) * 1000);
      await t.call('GET', '/api/user.userDetails', { token: fresh });
    }
    expect((await t.call('GET', '/api/user.userDetails', { token: fresh })).status).toBe(401);
  });

  it('revokes the sessions of a deleted user', async () => {
    const token = await signUp(t, 'gone@acme.test');
    await t.engine.db.updateTable('users').set({ deleted_at: t.clock.now() }).where('email', '=', 'gone@acme.test').execute();
    expect((await t.call('GET', '/api/user.userDetails', { token })).status).toBe(401);
  });
});

describe('contract rules at the edge', () => {
  it('names the field and gives the contract message for bad input', async () => {
    const missing = await t.call('POST', '/api/auth.signIn', { body: { newUser: true } });
    expect(missing.body.error).toMatchObject({ msg: 'Email is required', field: 'userEmail' });
    const bad = await signIn('not-an-email', true);
    expect(bad.body.error).toMatchObject({ msg: 'Not a valid email!', field: 'userEmail' });
    const short = await verify('a@acme.test', '12345');
    expect(short.body.error).toMatchObject({ msg: 'Please enter valid OTP', field: 'otp' });
  });

  it('trims marked fields before validating', async () => {
    const res = await signIn('  spaced@acme.test  ', true);
    expect(res.status).toBe(200);
    expect(await t.lastCode('spaced@acme.test')).toMatch(/^\d{6}$/);
  });

  it('refuses an invalid invite link with the spec message', async () => {
    const res = await signIn('inv@acme.test', true, { data: 'forged.token' });
    expect(res.status).toBe(400);
    expect(res.body.error.msg).toBe('The invite link is invalid. Please click here to signup.');
  });

  it('answers the UI version and 501 for an operation not built yet', async () => {
    expect((await t.call('GET', '/api/auth.getUiVersion')).body).toEqual({ success: true, msg: { uiVersion: '1.2.3' } });
    const token = await signUp(t, 'ni@acme.test');
    const res = await t.call('POST', '/api/app.payment.portal', { token, body: {} });
    expect(res.status).toBe(501);
    expect(res.body).toEqual({ success: false, error: { msg: 'Not implemented: appPaymentPortal', code: 'NOT_IMPLEMENTED' } });
  });
});

describe('logging out and straight back in', () => {
  it('sends a fresh code when the newest one was used, even inside the cooldown', async () => {
    const token = await signUp(t, 'quick@acme.test');
    await t.call('POST', '/api/auth.signOut', { body: { token } });
    t.clock.advance(5_000);
    const again = await signIn('quick@acme.test');
    expect(again.body.msg.resendAfterSeconds).toBe(60);
    const code = await t.lastCode('quick@acme.test');
    expect(code).toMatch(/^\d{6}$/);
    expect((await verify('quick@acme.test', code!)).status).toBe(200);
  });

  it('starts a new attempt on resend when the newest code was used', async () => {
    await signUp(t, 'resend@acme.test');
    t.clock.advance(61_000);
    const resent = await t.call('POST', '/api/auth.resendOtp', { body: { userEmail: 'resend@acme.test' } });
    expect(resent.status).toBe(200);
    const code = await t.lastCode('resend@acme.test');
    expect((await verify('resend@acme.test', code!)).status).toBe(200);
  });
});
