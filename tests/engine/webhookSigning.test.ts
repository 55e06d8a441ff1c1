import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newWebhookSigningSecret } from '../../src/engine/repositories/webhookSigningSecrets.ts';
import { postSignedEvent } from '../../src/engine/services/webhookSender.ts';
import { signingSecretOf } from '../../src/engine/services/webhookSigningSecret.ts';
import { startTestEngine, type TestEngine } from '../support/engineHarness.ts';
import { newOrg, userWithRole, type OrgSession } from '../support/dataFixtures.ts';
import { type ReceivedWebhook, verifies } from '../support/webhookReceiver.ts';

// Standard Webhooks signing as a customer's receiver checks it: a receiver on 127.0.0.1 (reachable
// only because the engine's OUTBOUND_ALLOW_HOSTS lists it) verifies every test webhook and test
// event with the `standardwebhooks` package and the secret the rotate call showed. The engine's
// clock runs on the real one, which the package checks timestamps against.
let server: Server;
let hookUrl: string;
let received: ReceivedWebhook[] = [];
let connections = 0;
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => { body += c; });
    req.on('end', () => { received.push({ headers: req.headers, body }); res.end('ok'); });
  });
  server.on('connection', () => { connections += 1; });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => { await new Promise((r) => server.close(r)); });

let t: TestEngine;
let org: OrgSession;
const open = async (allowReceiver: boolean) => {
  t = await startTestEngine({ outboundAllowHosts: allowReceiver ? [new URL(hookUrl).host] : [] });
  t.clock.set(Date.now());
  org = await newOrg(t, 'signing@acme.test');
};
beforeEach(() => { received = []; connections = 0; });
afterEach(async () => { await t.close(); });

const get = (path: string, token = org.token) => t.call('GET', `/api/${path}`, { token });
const post = (path: string, body: object, token = org.token) => t.call('POST', `/api/${path}`, { token, body });
const testWebhook = (tempDestination = hookUrl) => post('app.testWebhook', { tempDestination, category: 'HRIS' });
const testEvent = (eventType = 'record.new') => post('app.testWebhookEvent', { tempDestination: hookUrl, category: 'HRIS', subCategory: 'employee', eventType });
const storedSecret = async () => (await signingSecretOf(t.engine.db, t.engine.config.signingSecret, org.orgId, t.clock.now())).secret;

describe('the webhook signing secret', () => {
  beforeEach(() => open(true));

  it('is shown masked, in full only by the rotation, which signs every later webhook at once', async () => {
    const shown = await get('app.getWebhookSigningSecret');
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect(shown.body.msg.maskedSecret).toMatch(/^whsec_[A-Za-z0-9+/]{4}…$/);
    expect(shown.body.msg.createdAt).toBe(t.clock.now());
    const first = await storedSecret();
    expect(shown.body.msg.maskedSecret).toBe(`${first.slice(0, 10)}…`);
    expect(JSON.stringify(shown.body)).not.toContain(first.slice(10, 30));

    // A test webhook and a test event, both verified with the organisation's secret.
    expect((await testWebhook()).body.msg).toMatchObject({ status: 200, live: true });
    expect((await testEvent()).body.msg).toMatchObject({ status: 200, tested: true });
    expect(received).toHaveLength(2);
    for (const call of received) expect(verifies(call, first)).toBe(true);
    expect(JSON.parse(received[1].body)).toMatchObject({ test: true, event: { eventType: 'record.new', triggeredAt: t.clock.now() }, syncDataType: 'employee' });

    t.clock.advance(1000);
    const rotated = await post('app.rotateWebhookSigningSecret', {});
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
    const { secret, maskedSecret, createdAt } = rotated.body.msg;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(secret).not.toBe(first);
    expect(maskedSecret).toBe(`${secret.slice(0, 10)}…`);
    expect(createdAt).toBe(t.clock.now());
    // From now on only the masked form, which never carries the secret.
    const after = await get('app.getWebhookSigningSecret');
    expect(after.body.msg).toEqual({ maskedSecret, createdAt });
    expect(JSON.stringify(after.body)).not.toContain(secret.slice(10));
    const row = await t.engine.db.selectFrom('webhook_signing_secrets').select('secret_sealed').where('org_id', '=', org.orgId).executeTakeFirstOrThrow();
    expect(row.secret_sealed).toMatch(/^v2\./);
    expect(row.secret_sealed).not.toContain(secret.slice('whsec_'.length, 20));

    received = [];
    await testWebhook();
    await testEvent('record.modified');
    expect(received).toHaveLength(2);
    for (const call of received) {
      expect(verifies(call, secret)).toBe(true);
      expect(verifies(call, first)).toBe(false);
    }
  });

  it('keeps one secret per organisation', async () => {
    const mine = (await post('app.rotateWebhookSigningSecret', {})).body.msg.secret;
    const other = await newOrg(t, 'signing@globex.test');
    const theirs = (await post('app.rotateWebhookSigningSecret', {}, other.token)).body.msg.secret;
    expect(theirs).not.toBe(mine);
    await post('app.testWebhook', { tempDestination: hookUrl, category: 'HRIS' }, other.token);
    expect(verifies(received[0], theirs)).toBe(true);
    expect(verifies(received[0], mine)).toBe(false);
    expect(await storedSecret()).toBe(mine);
  });

  it('rotates once when two rotations race: the other answers 409 and its secret signs nothing', async () => {
    const answers = await Promise.all(Array.from({ length: 4 }, () => post('app.rotateWebhookSigningSecret', {})));
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    const applied = answers.filter((a) => a.status === 200).map((a) => a.body.msg.secret as string);
    expect(applied.length).toBeGreaterThan(0);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.body.error).toMatchObject({ code: 'CONFLICT', msg: 'The webhook signing secret was just changed by another request, please try again' });
    }
    expect(applied).toContain(await storedSecret());
  });

  it('lets admins rotate and admins and members read the masked secret', async () => {
    const member = await userWithRole(t, org.orgId, 'member', 'member@acme.test');
    const billing = await userWithRole(t, org.orgId, 'billingcontact', 'billing@acme.test');
    expect((await get('app.getWebhookSigningSecret', member)).status).toBe(200);
    expect((await post('app.rotateWebhookSigningSecret', {}, member)).status).toBe(403);
    expect((await get('app.getWebhookSigningSecret', billing)).status).toBe(403);
    expect((await post('app.rotateWebhookSigningSecret', {}, billing)).status).toBe(403);
    expect((await post('app.rotateWebhookSigningSecret', {})).status).toBe(200);
  });

  it('sends one delivery\'s id on every attempt, each attempt signed on its own', async () => {
    const secret = newWebhookSigningSecret();
    const attempt = (now: number) => postSignedEvent({
      url: new URL(hookUrl), webhookId: 'msg_delivery_1', payload: { eventType: 'record.new' }, signingSecret: secret, now, policy: t.engine.config,
    });
    expect((await attempt(Date.now() - 60_000)).status).toBe(200);
    expect((await attempt(Date.now())).status).toBe(200);
    expect(received.map((r) => r.headers['webhook-id'])).toEqual(['msg_delivery_1', 'msg_delivery_1']);
    expect(received[0].headers['webhook-timestamp']).not.toBe(received[1].headers['webhook-timestamp']);
    for (const call of received) expect(verifies(call, secret)).toBe(true);
  });
});

describe('a loopback receiver without the allow-list', () => {
  beforeEach(() => open(false));

  it('is a 400 naming the field, and nothing connects to it', async () => {
    await post('app.enableCategory', { category: 'HRIS' });
    const cases: [string, object, string][] = [
      ['app.testWebhook', { tempDestination: hookUrl, category: 'HRIS' }, 'tempDestination'],
      ['app.testWebhookEvent', { tempDestination: hookUrl, category: 'HRIS', subCategory: 'employee', eventType: 'record.new' }, 'tempDestination'],
      ['app.saveWebhook', { destination: hookUrl, category: 'HRIS' }, 'destination'],
      ['app.postWebhookUrls', { webhookUrls: { HRIS: hookUrl } }, 'webhookUrls.HRIS'],
    ];
    for (const [path, body, field] of cases) {
      const res = await post(path, body);
      expect([path, res.status, res.body.error]).toEqual([path, 400, { code: 'VALIDATION', msg: 'Please enter a valid webhook', field }]);
    }
    expect(connections).toBe(0);
    expect(received).toEqual([]);
  });
});
