import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signUp, startTestEngine, type TestEngine } from '../support/engineHarness.ts';

// A request that breaks a limit of the contract answers 400 with words a user can read, naming the
// field (error.field) and the rule: the contract's x-messages where the spec gives one, else the
// shared default per keyword. ajv's own text ('must NOT have more than 100 characters') never shows.
const CATEGORIES = 'ACCOUNTING, HRIS, ATS, COMMS, ASSESSMENT, TICKETING, MEETING, E_SIGN, CRM, EMAIL, STORAGE, CALENDAR, EXPENSES, SUBSCRIPTION_MANAGEMENT';
const RAW = /must NOT|must match|must have required|must be equal to|must be [<>]|must pass|^must /;

let t: TestEngine;
let token: string;
beforeEach(async () => {
  t = await startTestEngine();
  token = await signUp(t, 'dana@acme.test');
});
afterEach(async () => { await t.close(); });

const error400 = async (res: Promise<{ status: number; body: { error?: { msg: string; field?: string; code: string } } }>) => {
  const { status, body } = await res;
  expect(body.error?.msg).not.toMatch(RAW);
  return { status, error: body.error };
};

describe('400 messages name the field and the rule', () => {
  it('a too-long name', async () => {
    const res = await error400(t.call('POST', '/api/app.updateUserProfile', { token, body: { username: 'D'.repeat(101) } }));
    expect(res).toEqual({ status: 400, error: { code: 'VALIDATION', field: 'username', msg: 'Name must be at most 100 characters' } });
  });

  it('a too-long search and a too-short value on list calls', async () => {
    const search = await error400(t.call('GET', '/api/app.users', { token, query: { search: 's'.repeat(101) } }));
    expect(search).toEqual({ status: 400, error: { code: 'VALIDATION', field: 'search', msg: 'Search must be at most 100 characters' } });
    const page = await error400(t.call('GET', '/api/app.getOrganizations', { token, query: { pageNo: '0' } }));
    expect(page).toEqual({ status: 400, error: { code: 'VALIDATION', field: 'pageNo', msg: 'Page number must be at least 1' } });
    const orgId = await error400(t.call('GET', '/api/app.getIntegrationsOfOrg', { token, query: { orgId: '' } }));
    expect(orgId).toEqual({ status: 400, error: { code: 'VALIDATION', field: 'orgId', msg: 'Org ID is required' } });
  });

  it('an out-of-range number, in a query and in a body', async () => {
    const query = await error400(t.call('GET', '/api/app.getOrganizations', { token, query: { limit: '101' } }));
    expect(query).toEqual({ status: 400, error: { code: 'VALIDATION', field: 'limit', msg: 'Limit must be at most 100' } });
    const body = await error400(t.call('POST', '/api/app.getLogsDataV2', { token, body: { isApiLogs: true, limit: 0 } }));
    expect(body).toEqual({ status: 400, error: { code: 'VALIDATION', field: 'limit', msg: 'Limit must be at least 1' } });
    const notANumber = await error400(t.call('GET', '/api/app.getOrganizations', { token, query: { limit: 'ten' } }));
    expect(notANumber.error).toEqual({ code: 'VALIDATION', field: 'limit', msg: 'Limit must be a whole number' });
  });

  it('a value outside an enum lists the allowed values', async () => {
    const res = await error400(t.call('GET', '/api/app.categoryDetails', { token, query: { category: 'PAYROLL' } }));
    expect(res).toEqual({ status: 400, error: { code: 'VALIDATION', field: 'category', msg: `Category must be one of: ${CATEGORIES}` } });
  });

  it('a missing property and an unknown one', async () => {
    const missing = await error400(t.call('POST', '/api/app.users.invite', { token, body: { list: [{ email: 'sam@acme.test' }] } }));
    // The spec's own message wins over the default ('Role is required').
    expect(missing).toEqual({ status: 400, error: { code: 'VALIDATION', field: 'list.0.role', msg: 'Missing role' } });
    const unknown = await error400(t.call('POST', '/api/app.updateUserProfile', { token, body: { username: 'Dana', nickName: 'D' } }));
    expect(unknown).toEqual({ status: 400, error: { code: 'VALIDATION', field: 'nickName', msg: 'Nick name is not a known field' } });
  });

  it("a map's values keep their spec message, and a key outside the enum is named", async () => {
    const value = await error400(t.call('POST', '/api/app.postWebhookUrls', { token, body: { webhookUrls: { HRIS: 'not a url' } } }));
    expect(value).toEqual({ status: 400, error: { code: 'VALIDATION', field: 'webhookUrls.HRIS', msg: 'Please enter a valid webhook' } });
    const key = await error400(t.call('POST', '/api/app.postWebhookUrls', { token, body: { webhookUrls: { PAYROLL: null } } }));
    expect(key).toEqual({ status: 400, error: { code: 'VALIDATION', field: 'webhookUrls', msg: `Webhook URLs has 'PAYROLL', which is not one of: ${CATEGORIES}` } });
  });
});

describe('messages the spec gives stay word for word', () => {
  it('OTP and e-mail', async () => {
    const otp = await error400(t.call('POST', '/api/auth.verifyOtp', { body: { userEmail: 'a@b.test', newUser: true, otp: '12' } }));
    expect(otp).toEqual({ status: 400, error: { code: 'VALIDATION', field: 'otp', msg: 'Please enter valid OTP' } });
    const email = await error400(t.call('POST', '/api/auth.signIn', { body: { userEmail: 'nope', newUser: true } }));
    expect(email).toEqual({ status: 400, error: { code: 'VALIDATION', field: 'userEmail', msg: 'Not a valid email!' } });
  });
});
