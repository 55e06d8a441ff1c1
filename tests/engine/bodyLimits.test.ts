import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { disallowedCharacterField, MAX_NESTING, nestsDeeperThan, parseJsonBody } from '../../src/engine/plugins/jsonBody.ts';
import { signUp, startTestEngine, type TestEngine } from '../support/engineHarness.ts';
import { whoIs } from '../support/orgMembers.ts';

// Request bodies are bounded before any handler runs: size, nesting depth (refused before
// JSON.parse builds the tree) and characters that hide or reorder text.
let t: TestEngine;
beforeEach(async () => { t = await startTestEngine(); });
afterEach(async () => { await t.close(); });

const post = (url: string, payload: string | object, token?: string) => t.engine.app.inject({
  method: 'POST', url, payload, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
});
const nested = (depth: number, leaf = '1') => `${'['.repeat(depth)}${leaf}${']'.repeat(depth)}`;
const NOT_ALLOWED = 'characters that are not allowed';

describe('nesting depth', () => {
  it('refuses a body nested 5,000 deep in 10 KB with a 400, before authentication', async () => {
    const body = nested(5000);
    expect(body.length).toBeLessThanOrEqual(10_001);
    for (const url of ['/api/auth.signIn', '/api/user.orgDetails.update', '/ai/ai.api.test']) {
      const res = await post(url, body);
      expect({ url, status: res.statusCode, error: res.json().error }).toEqual({ url, status: 400, error: { code: 'VALIDATION', msg: 'The request body is nested too deeply' } });
    }
    const inObject = await post('/api/auth.signIn', `{"userEmail":"a@b.test","x":${nested(5000, '{}')}}`);
    expect(inObject.json().error.msg).toBe('The request body is nested too deeply');
  });

  it('accepts nesting up to the limit in an operation that takes a nested body', async () => {
    const token = await signUp(t, 'deep@acme.test');
    const { userId } = await whoIs(t, token);
    await t.engine.db.insertInto('user_feature_flags').values({ user_id: userId, flag: 'ai_connectors', enabled: 1, updated_at: t.clock.now() }).execute();
    // ai.api.test takes any JSON as input.body and is not built: 501 means parsed and validated.
    // The body's own levels are the outer object, input and the leaf object: depth + 3 in all.
    const call = (body: string) => post('/ai/ai.api.test', `{"connectorId":"con_x","integrationId":"int_x","apiId":"api_x","input":{"body":${body}}}`, token);
    for (const depth of [30, MAX_NESTING - 3]) {
      const res = await call(nested(depth, '{"name":"deep [[[ \\" {{{"}'));
      expect({ depth, status: res.statusCode, code: res.json().error.code }).toEqual({ depth, status: 501, code: 'NOT_IMPLEMENTED' });
    }
    expect((await call(nested(MAX_NESTING - 1))).json().error.msg).toBe('The request body is nested too deeply');
  });

  it('counts brackets outside strings only, escaped quotes included', () => {
    expect(nestsDeeperThan(nested(64), 64)).toBe(false);
    expect(nestsDeeperThan(nested(65), 64)).toBe(true);
    expect(nestsDeeperThan(`["${'['.repeat(100)}"]`, 2)).toBe(false);
    expect(nestsDeeperThan(`["\\"${'{'.repeat(100)}"]`, 2)).toBe(false);
    expect(nestsDeeperThan(`["\\\\", ${nested(3)}]`, 3)).toBe(true);
    expect(nestsDeeperThan(`{"a":{"b":[{"c":[]}]},"d":[[]]}`, 5)).toBe(false);
    expect(nestsDeeperThan(`{"a":{"b":[{"c":[]}]},"d":[[]]}`, 4)).toBe(true);
  });

  it('refuses a body past the size limit with a 413', async () => {
    const res = await post('/api/auth.signIn', JSON.stringify({ userEmail: 'a@b.test', pad: 'x'.repeat(1024 * 1024) }));
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toEqual({ code: 'VALIDATION', msg: 'The request body is too large' });
  });
});

describe('characters not allowed in text', () => {
  const refused = [['NUL', '\u0000'], ['BEL', '\u0007'], ['right-to-left override', '\u202E']] as const;

  it.each(refused)('refuses %s in an organisation name and a user name, storing nothing', async (_name, char) => {
    const token = await signUp(t, 'names@acme.test');
    const { userId, orgId } = await whoIs(t, token);
    const orgUpdate = await post('/api/user.orgDetails.update', { orgName: `Acme${char}Evil` }, token);
    expect(orgUpdate.statusCode).toBe(400);
    expect(orgUpdate.json().error).toEqual({ code: 'VALIDATION', msg: `orgName contains ${NOT_ALLOWED}`, field: 'orgName' });
    const profile = await post('/api/app.updateUserProfile', { username: `Dana${char}`, designation: 'Engineer' }, token);
    expect(profile.json().error).toEqual({ code: 'VALIDATION', msg: `username contains ${NOT_ALLOWED}`, field: 'username' });
    const org = await t.engine.db.selectFrom('organisations').select('name').where('id', '=', orgId).executeTakeFirstOrThrow();
    const user = await t.engine.db.selectFrom('users').select(['username', 'designation']).where('id', '=', userId).executeTakeFirstOrThrow();
    expect({ org: org.name, user }).toEqual({ org: 'Acme', user: { username: 'Dana Developer', designation: null } });
  });

  it('refuses them at sign-up too, naming nested fields, and creates no organisation', async () => {
    const email = 'bidi@acme.test';
    await post('/api/auth.signIn', { userEmail: email, newUser: true });
    const verified = await post('/api/auth.verifyOtp', { userEmail: email, newUser: true, otp: await t.lastCode(email) });
    const token = verified.json().msg.token as string;
    const details = { username: 'Dana', orgName: 'Acme', apps: [{ label: 'Payroll', category: 'Requested' }], userEmail: email, newUser: true };
    const cases: [object, string][] = [
      [{ ...details, orgName: 'Acme\u202Egnp.exe' }, 'orgName'],
      [{ ...details, username: 'Da\u0000na' }, 'username'],
      [{ ...details, apps: ['bamboohr', { label: 'Pay\u2066roll', category: 'Requested' }] }, 'apps.1.label'],
    ];
    for (const [body, field] of cases) {
      const res = await post('/api/auth.sendOrgDetails', body, token);
      expect({ field, status: res.statusCode, error: res.json().error }).toEqual({ field, status: 400, error: { code: 'VALIDATION', msg: `${field} contains ${NOT_ALLOWED}`, field } });
    }
    const names = await t.engine.db.selectFrom('organisations').select('name').execute();
    expect(names.map((o) => o.name).filter((n) => n.startsWith('Acme'))).toEqual([]);
    expect((await t.engine.db.selectFrom('users').select('username').where('email', '=', email).executeTakeFirstOrThrow()).username).toBeNull();
  });

  it('accepts accents, CJK and emoji in names, and TAB, LF and CR in text', async () => {
    const token = await signUp(t, 'intl@acme.test', { username: 'Zoë Ångström', orgName: '株式会社 Ñandú 🚀' });
    const { userId, orgId } = await whoIs(t, token);
    expect((await t.engine.db.selectFrom('organisations').select('name').where('id', '=', orgId).executeTakeFirstOrThrow()).name).toBe('株式会社 Ñandú 🚀');
    const profile = await post('/api/app.updateUserProfile', { username: '山田 太郎 👩🏽‍💻', designation: 'Ingénieure' }, token);
    expect(profile.statusCode).toBe(200);
    expect((await t.engine.db.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirstOrThrow()).username).toBe('山田 太郎 👩🏽‍💻');
    expect(parseJsonBody(JSON.stringify({ code: 'line 1\n\tline 2\r\n', arabic: 'مرحبا', zwj: '👨‍👩‍👧' }))).toMatchObject({ code: 'line 1\n\tline 2\r\n' });
  });

  it('checks every character class of the rule, in values and in property names', () => {
    const refusedChars = ['\u0001', '\u000B', '\u000C', '\u001F', '\u007F', '\u0080', '\u009F', '\u061C', '\u200E', '\u200F', '\u202A', '\u202D', '\u2066', '\u2069'];
    for (const char of refusedChars) expect({ char: char.codePointAt(0), field: disallowedCharacterField({ list: [{ note: `a${char}` }] })?.field }).toEqual({ char: char.codePointAt(0), field: 'list.0.note' });
    expect(disallowedCharacterField({ a: 'ok', b: ['fine', 'also\u0000'] })).toEqual({ field: 'b.1', inName: false });
    expect(disallowedCharacterField('top\u0007')).toEqual({ field: 'body', inName: false });
    expect(disallowedCharacterField({ meta: { 'we\u202Eird': 1 } })).toEqual({ field: 'meta', inName: true });
    expect(() => parseJsonBody('{"meta":{"we\\u202Eird":1}}')).toThrow(`meta has a property name that contains ${NOT_ALLOWED}`);
    expect(disallowedCharacterField({ text: 'tab\there\nnew line\r', n: 1, flag: true, none: null })).toBeUndefined();
  });
});
