import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newWebhookSigningSecret } from '../../src/engine/repositories/webhookSigningSecrets.ts';
import { NOT_ALLOWED, postSignedEvent } from '../../src/engine/services/webhookSender.ts';
import { signingSecretOf } from '../../src/engine/services/webhookSigningSecret.ts';
import { signUp, startTestEngine, type TestEngine } from '../support/engineHarness.ts';
import { verifies } from '../support/webhookReceiver.ts';

// Webhooks (API keys are in apiKeys.test.ts): the tests POST to a real HTTP server started here,
// which answers with whatever status the test sets. Loopback is refused unless
// allow-listed, so the engine lists the receiver's port and a port where nothing listens.
interface Received { headers: IncomingHttpHeaders; body: string }
let server: Server;
let hookUrl: string;
let closedPort: number;
let answer = 200;
let reason: string | undefined;
let received: Received[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => { body += c; });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = answer;
      if (reason !== undefined) res.statusMessage = reason;
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/hris`;
  const closed = createServer();
  await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
  closedPort = (closed.address() as AddressInfo).port;
  await new Promise((r) => closed.close(r));
});
afterAll(async () => { await new Promise((r) => server.close(r)); });

let t: TestEngine;
let token: string;
beforeEach(async () => {
  t = await startTestEngine({ outboundAllowHosts: [new URL(hookUrl).host, `127.0.0.1:${closedPort}`] });
  // Receivers refuse signatures more than 5 minutes from their own clock: run the engine's on it.
  t.clock.set(Date.now());
  token = await signUp(t, 'keys@acme.test');
  answer = 200;
  reason = undefined;
  received = [];
});
afterEach(async () => { await t.close(); });

describe('webhooks', () => {
  const enable = (category = 'HRIS', tok = token) => t.call('POST', '/api/app.enableCategory', { token: tok, body: { category } });
  const test = (tempDestination: string, category = 'HRIS') => t.call('POST', '/api/app.testWebhook', { token, body: { tempDestination, category } });
  const sendEvent = (subCategory: string, eventType: string, tempDestination = hookUrl) =>
    t.call('POST', '/api/app.testWebhookEvent', { token, body: { tempDestination, category: 'HRIS', subCategory, eventType } });
  const save = (destination = hookUrl, category = 'HRIS') => t.call('POST', '/api/app.saveWebhook', { token, body: { destination, category } });
  // The secret as the engine signs with it (webhookSigning.test.ts gets it through the rotate call).
  const signingSecret = async () => {
    const orgId = (await t.call('GET', '/api/user.userDetails', { token })).body.msg.orgId as string;
    return (await signingSecretOf(t.engine.db, t.engine.config.signingSecret, orgId, t.clock.now())).secret;
  };
  const events = async () => (await t.call('GET', '/api/app.webhookEventDataOfCategory', { token, query: { category: 'HRIS' } })).body.msg as { value: string; label: string; eventDetails: { eventType: string; codeSnippet: string }[] }[];

  it('lists the events of a category per subcategory with their sample payloads', async () => {
    const list = await events();
    const rows = await t.engine.db.selectFrom('webhook_event_types').selectAll().where('category', '=', 'HRIS').execute();
    expect(list.flatMap((s) => s.eventDetails)).toHaveLength(rows.length);
    expect(list[0]).toMatchObject({ value: 'employee', label: 'Employees' });
    expect(() => JSON.parse(list[0].eventDetails[0].codeSnippet)).not.toThrow();
  });

  it('answers "Please enter a valid webhook" for an empty, invalid or refused URL', async () => {
    const unlisted = `http://127.0.0.1:${closedPort + 1}/x`;
    for (const url of ['', '   ', 'hooks.acme.io', 'ftp://hooks.acme.io', 'http://user:pw@hooks.acme.io', unlisted, 'http://localhost/x', 'http://169.254.169.254/latest']) {
      const res = await test(url);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ msg: 'Please enter a valid webhook', field: 'tempDestination' });
    }
  });

  it('POSTs a signed test event: 200 is live, 500 is not, an unreachable URL is status 0', async () => {
    const live = await test(`  ${hookUrl}  `);
    expect(live.status).toBe(200);
    expect(live.body.msg).toMatchObject({ status: 200, live: true, testedAt: t.clock.now(), progress: { testedCount: 0, allTested: false } });
    expect(live.body.msg.progress.totalCount).toBeGreaterThan(0);
    expect(received).toHaveLength(1);
    const [call] = received;
    expect(JSON.parse(call.body)).toMatchObject({ eventType: 'webhook.test', category: 'HRIS' });
    expect(call.headers['content-type']).toBe('application/json');
    const secret = await signingSecret();
    // Standard Webhooks: message id, unix seconds, v1 signature.
    expect(call.headers['webhook-id']).toMatch(/^msg_[0-9a-f-]{36}$/);
    expect(call.headers['webhook-timestamp']).toBe(String(Math.floor(t.clock.now() / 1000)));
    expect(call.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(Object.keys(call.headers).filter((h) => h.startsWith('x-webhook'))).toEqual([]);
    expect(verifies(call, secret)).toBe(true);
    expect(verifies({ ...call, body: `${call.body} ` }, secret)).toBe(false);
    // Not signed with an API key.
    const { prodApiKey } = (await t.call('GET', '/api/app.getApiKeys', { token })).body.msg;
    expect(verifies(call, prodApiKey)).toBe(false);

    answer = 500;
    const failed = await test(hookUrl);
    expect(failed.body.msg).toMatchObject({ status: 500, statusMessage: 'Internal Server Error', live: false });
    // The receiver's own status text is what the dashboard shows.
    answer = 503;
    reason = 'Down for maintenance';
    const down = await test(hookUrl);
    expect(down.body.msg).toMatchObject({ status: 503, statusMessage: 'Down for maintenance', live: false });
    reason = undefined;
    const closed = await test(`http://127.0.0.1:${closedPort}/nothing-here`);
    expect(closed.body.msg).toMatchObject({ status: 0, statusMessage: 'Could not connect to the webhook URL', live: false });
  });

  it('signs with the organisation\'s own secret, created once and stored sealed', async () => {
    await test(hookUrl);
    await test(hookUrl);
    const secret = await signingSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    for (const call of received) expect(verifies(call, secret)).toBe(true);
    // Each test is its own delivery: its own message id.
    expect(received[0].headers['webhook-id']).not.toBe(received[1].headers['webhook-id']);
    const rows = await t.engine.db.selectFrom('webhook_signing_secrets').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].secret_sealed).toMatch(/^v2\./);
    expect(JSON.stringify(rows)).not.toContain(secret.slice('whsec_'.length));

    const other = await signUp(t, 'hooks@globex.test', { orgName: 'Globex' });
    await t.call('POST', '/api/app.testWebhook', { token: other, body: { tempDestination: hookUrl, category: 'HRIS' } });
    const otherOrg = (await t.call('GET', '/api/user.userDetails', { token: other })).body.msg.orgId as string;
    const theirs = (await signingSecretOf(t.engine.db, t.engine.config.signingSecret, otherOrg, t.clock.now())).secret;
    expect(theirs).not.toBe(secret);
    expect(verifies(received[2], theirs)).toBe(true);
    expect(verifies(received[2], secret)).toBe(false);
  });

  it('replaces a signing secret that no longer opens under the engine\'s secret', async () => {
    const orgId = (await t.call('GET', '/api/user.userDetails', { token })).body.msg.orgId as string;
    const old = (await signingSecretOf(t.engine.db, 'the previous engine secret', orgId, t.clock.now())).secret;
    await test(hookUrl);
    const secret = await signingSecret();
    expect(secret).not.toBe(old);
    expect(verifies(received[0], secret)).toBe(true);
    expect(verifies(received[0], old)).toBe(false);
  });

  it('tests events one by one on a live URL, then saves the webhook', async () => {
    expect((await save()).status).toBe(409);
    expect((await save()).body.error.msg).toBe('Please enable categories from Getting Started');
    await enable();
    const notLive = await sendEvent('employee', 'record.new');
    expect(notLive.status).toBe(409);
    expect(notLive.body.error).toMatchObject({ code: 'WEBHOOK_NOT_LIVE', msg: 'Webhook is not live, please test the webhook first' });
    expect((await save()).body.error.code).toBe('WEBHOOK_NOT_LIVE');

    await test(hookUrl);
    expect((await sendEvent('nope', 'record.new')).body.error.field).toBe('subCategory');
    expect((await sendEvent('employee', 'record.nope')).body.error.field).toBe('eventType');
    const untested = await save();
    expect(untested.body.error).toMatchObject({ code: 'WEBHOOK_EVENTS_UNTESTED', msg: 'Please test all the events before saving the webhook' });

    const all = (await events()).flatMap((s) => s.eventDetails.map((e) => ({ subCategory: s.value, ...e })));
    answer = 500;
    const refused = await sendEvent(all[0].subCategory, all[0].eventType);
    expect(refused.body.msg).toMatchObject({ status: 500, tested: false, progress: { testedCount: 0 } });
    answer = 200;
    received = [];
    let last;
    for (const e of all) last = await sendEvent(e.subCategory, e.eventType);
    expect(last!.body.msg.progress).toMatchObject({ testedCount: all.length, totalCount: all.length, allTested: true });
    // The event as a delivery of it looks now: the sample with a fresh id and time, marked as a test.
    const sample = JSON.parse(all[0].codeSnippet);
    const sent = JSON.parse(received[0].body);
    expect(sent).toEqual({ ...sample, id: sent.id, test: true, event: { ...sample.event, eventId: sent.id, triggeredAt: t.clock.now() } });
    expect(sent.id).toMatch(/^evt_test_/);
    expect(sent.event.eventType).toBe(all[0].eventType);
    expect(JSON.parse(received[1].body).id).not.toBe(sent.id);
    expect(verifies(received[0], await signingSecret())).toBe(true);

    // Another URL starts from zero.
    expect((await sendEvent(all[0].subCategory, all[0].eventType, `${hookUrl}/other`)).status).toBe(409);

    const saved = await save();
    expect(saved.status).toBe(200);
    expect(saved.body.msg).toEqual({ category: 'HRIS', destination: hookUrl, message: 'HRIS webhook updated successfully', updatedAt: t.clock.now() });
    const map = await t.call('GET', '/api/app.getWebhookUrlsV3', { token });
    expect(map.body.msg).toEqual({ HRIS: hookUrl });
    const journey = await t.call('GET', '/api/app.gettingStartedJourneyV3', { token, query: { category: 'HRIS' } });
    expect(journey.body.msg.find((s: { stepId: string }) => s.stepId === 'registerWebhook')).toMatchObject({ stepStatus: true, stepInitialData: { webhook: hookUrl } });

    // The live state lasts an hour.
    t.clock.advance(61 * 60_000);
    expect((await sendEvent(all[0].subCategory, all[0].eventType)).status).toBe(409);
  });

  it('keeps webhooks per organisation', async () => {
    await enable();
    await t.call('POST', '/api/app.postWebhookUrls', { token, body: { webhookUrls: { HRIS: hookUrl } } });
    const other = await signUp(t, 'hooks@globex.test', { orgName: 'Globex' });
    expect((await t.call('GET', '/api/app.getWebhookUrlsV3', { token: other })).body.msg).toEqual({});
    await enable('HRIS', other);
    expect((await t.call('GET', '/api/app.getWebhookUrlsV3', { token: other })).body.msg).toEqual({ HRIS: null });
  });

  it('sets and clears several URLs at once, all or nothing', async () => {
    await enable('HRIS');
    await enable('ATS');
    const notEnabled = await t.call('POST', '/api/app.postWebhookUrls', { token, body: { webhookUrls: { CRM: hookUrl } } });
    expect(notEnabled.status).toBe(409);
    expect(notEnabled.body.error).toMatchObject({ msg: 'Please enable categories from Getting Started', field: 'webhookUrls.CRM' });
    const ok = await t.call('POST', '/api/app.postWebhookUrls', { token, body: { webhookUrls: { HRIS: hookUrl, ATS: `${hookUrl}/ats` } } });
    expect(ok.status).toBe(200);
    expect(ok.body.msg).toEqual({ HRIS: hookUrl, ATS: `${hookUrl}/ats` });
    answer = 500;
    const failed = await t.call('POST', '/api/app.postWebhookUrls', { token, body: { webhookUrls: { HRIS: null, ATS: `${hookUrl}/ats2` } } });
    expect(failed.status).toBe(400);
    expect(failed.body.error).toMatchObject({ msg: 'Webhook live test failed', field: 'webhookUrls.ATS' });
    expect((await t.call('GET', '/api/app.getWebhookUrlsV3', { token })).body.msg).toEqual({ HRIS: hookUrl, ATS: `${hookUrl}/ats` });
    const cleared = await t.call('POST', '/api/app.postWebhookUrls', { token, body: { webhookUrls: { HRIS: null } } });
    expect(cleared.body.msg).toEqual({ HRIS: null, ATS: `${hookUrl}/ats` });
  });

  it('limits webhook tests to 30 a minute per organisation', async () => {
    for (let i = 0; i < 30; i += 1) expect((await test(hookUrl)).status).toBe(200);
    const limited = await test(hookUrl);
    expect(limited.status).toBe(429);
    expect(limited.body.error.retryAfterSeconds).toBeGreaterThan(0);
    t.clock.advance(60_000);
    expect((await test(hookUrl)).status).toBe(200);
  });
});

describe('webhooks in production', () => {
  it('refuses plain http, loopback and private destinations', async () => {
    const prod = await startTestEngine({ production: true });
    try {
      const session = await prod.engine.db.selectFrom('users').select('id').executeTakeFirst();
      expect(session).toBeUndefined();
      const { createSession: open } = await import('../../src/engine/services/sessions.ts');
      const { createPendingOrganisation } = await import('../../src/engine/repositories/organisations.ts');
      const { createUser } = await import('../../src/engine/repositories/users.ts');
      const orgId = await createPendingOrganisation(prod.engine.db, prod.clock.now());
      const userId = await createUser(prod.engine.db, { orgId, email: 'ops@acme.test', role: 'admin', now: prod.clock.now() });
      await prod.engine.db.updateTable('users').set({ is_verified: 1 }).where('id', '=', userId).execute();
      const tok = await open(prod.engine.db, prod.engine.config, prod.clock.now(), userId, orgId);
      for (const url of [hookUrl, 'https://127.0.0.1/x', 'https://localhost/x', 'https://10.1.2.3/x', 'https://[::1]/x', 'https://[::ffff:127.0.0.1]/x', 'https://169.254.169.254/latest']) {
        const res = await prod.call('POST', '/api/app.testWebhook', { token: tok, body: { tempDestination: url, category: 'HRIS' } });
        expect(res.status).toBe(400);
        expect(res.body.error.msg).toBe('Please enter a valid webhook');
      }
      expect(received).toHaveLength(0);
    } finally {
      await prod.close();
    }
  });

  it('the sender refuses a URL the handlers did not check, before connecting', async () => {
    // The resolved-address guard itself is tested with fed DNS answers in outboundAddress.test.ts.
    const port = (server.address() as AddressInfo).port;
    for (const production of [false, true]) {
      const res = await postSignedEvent({
        url: new URL(`https://localhost:${port}/x`), webhookId: 'msg_1', payload: {}, signingSecret: newWebhookSigningSecret(), now: Date.now(), policy: { production, outboundAllowHosts: [] },
      });
      expect(res).toEqual({ status: 0, statusMessage: NOT_ALLOWED, refused: true });
    }
    expect(received).toHaveLength(0);
  });
});
