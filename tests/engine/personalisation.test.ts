import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signUp, startTestEngine, type TestEngine } from '../support/engineHarness.ts';
import { addTeammate, whoIs } from '../support/orgMembers.ts';

// Personalisation (tag personalisation): auth component UI, logo uploads, customised e-mails.
const NOT_ON_PLAN = 'Personalisation is not available under the current plan. Please contact support to enable this feature.';
const LOGO = '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="30" fill="#1f6feb"/></svg>';

let t: TestEngine;
let admin: string;
let orgId: string;
beforeEach(async () => {
  t = await startTestEngine();
  admin = await signUp(t, 'dana@acme.test');
  orgId = (await whoIs(t, admin)).orgId;
});
afterEach(async () => { await t.close(); });

const signedUrl = (fileName = 'Acme Logo.SVG', token = admin, fileSize?: number) =>
  t.call('GET', '/api/app.getSignedUrl', { token, query: { fileName, ...(fileSize ? { fileSize: String(fileSize) } : {}) } });

/** PUTs a body to a signed URL the way the dashboard does (no bearer token). */
async function put(url: string, body: string | Buffer, contentType = 'image/svg+xml') {
  const { pathname, search } = new URL(url);
  const res = await t.engine.app.inject({ method: 'PUT', url: pathname + search, payload: body, headers: { 'content-type': contentType } });
  return { status: res.statusCode, body: res.json() };
}

async function uploadLogo(svg = LOGO, token = admin) {
  const signed = await signedUrl('logo.svg', token);
  const stored = await put(signed.body.msg.signedUrl, svg);
  expect(stored.status).toBe(200);
  return signed.body.msg.key as string;
}

const setWhiteLabelling = (on: boolean) => t.engine.db.updateTable('organisations').set({ feature_white_labelling: on ? 1 : 0 }).where('id', '=', orgId).execute();
const uiForm = { tncUrl: 'https://acme.test/terms', customPoints: ['Fast', 'Secure'], orgName: 'Acme Widgets' };

describe('auth component UI', () => {
  it('reads the defaults before the first save', async () => {
    const res = await t.call('GET', '/api/app.customUiDetails', { token: admin });
    expect(res.status).toBe(200);
    const defaultUrl = `${t.engine.config.publicUrl}/api/app.uploads/default-logo.svg`;
    expect(res.body.msg).toMatchObject({ orgLogo: { url: defaultUrl, fileName: null, defaultUrl }, tncUrl: null, orgName: 'Acme', whiteLabelling: true, updatedAt: null });
    expect(res.body.msg.customPoints.length).toBeGreaterThan(0);
    const logo = await t.engine.app.inject({ method: 'GET', url: '/api/app.uploads/default-logo.svg' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/svg+xml');
    expect(logo.body).toMatch(/^<svg/);
  });

  it('saves trimmed values with an uploaded logo, and resets the logo with null', async () => {
    const key = await uploadLogo();
    const res = await t.call('POST', '/api/app.customUiDetails', { token: admin, body: { ...uiForm, customPoints: [' Fast ', 'Secure'], fileName: key, orgLogo: { fileName: key } } });
    expect(res.status).toBe(200);
    expect(res.body.msg.message).toBe('Successfully saved the changes');
    expect(res.body.msg.customUiDetails).toMatchObject({
      tncUrl: uiForm.tncUrl, customPoints: ['Fast', 'Secure'], orgName: 'Acme Widgets',
      orgLogo: { fileName: key, url: `${t.engine.config.publicUrl}/api/app.uploads/${key}` }, updatedAt: Math.floor(t.clock.now() / 1000),
    });
    // Absent keeps the logo; null resets it.
    expect((await t.call('POST', '/api/app.customUiDetails', { token: admin, body: uiForm })).body.msg.customUiDetails.orgLogo.fileName).toBe(key);
    const reset = await t.call('POST', '/api/app.customUiDetails', { token: admin, body: { ...uiForm, fileName: null } });
    expect(reset.body.msg.customUiDetails.orgLogo).toMatchObject({ fileName: null, url: reset.body.msg.customUiDetails.orgLogo.defaultUrl });
    expect((await t.call('GET', '/api/app.customUiDetails', { token: admin })).body.msg.orgName).toBe('Acme Widgets');
  });

  it.each([
    [{ ...uiForm, tncUrl: '  ' }, 'tncUrl', 'Terms and Conditions link is required'],
    [{ customPoints: ['a'], orgName: 'Acme' }, 'tncUrl', 'Terms and Conditions link is required'],
    [{ ...uiForm, tncUrl: 'acme.test/terms' }, 'tncUrl', 'Please add a valid URL'],
    [{ ...uiForm, customPoints: ['Fast', '   '] }, 'customPoints.1', 'Type in an introduction point or delete this field.'],
    [{ ...uiForm, customPoints: [] }, 'customPoints', 'Type in an introduction point or delete this field.'],
    [{ ...uiForm, orgName: ' ' }, 'orgName', 'Organisation name is required'],
  ])('refuses %j', async (body, field, msg) => {
    const res = await t.call('POST', '/api/app.customUiDetails', { token: admin, body });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ msg, field });
  });

  it('takes as logo only an upload of this organisation that passed the checks', async () => {
    const signedOnly = (await signedUrl()).body.msg.key;
    const notUploaded = await t.call('POST', '/api/app.customUiDetails', { token: admin, body: { ...uiForm, fileName: signedOnly } });
    expect(notUploaded.body.error).toMatchObject({ msg: 'Invalid svg!', field: 'fileName' });
    t.clock.advance(61_000);
    const other = await signUp(t, 'olga@other.test');
    const theirs = await uploadLogo(LOGO, other);
    expect((await t.call('POST', '/api/app.customUiDetails', { token: admin, body: { ...uiForm, fileName: theirs } })).body.error.msg).toBe('Invalid svg!');
    const mine = await uploadLogo();
    const mismatch = await t.call('POST', '/api/app.customUiDetails', { token: admin, body: { ...uiForm, fileName: mine, orgLogo: { fileName: theirs } } });
    expect(mismatch.status).toBe(400);
  });

  it('needs the whiteLabelling plan feature to save, but reads on every plan', async () => {
    await setWhiteLabelling(false);
    const save = await t.call('POST', '/api/app.customUiDetails', { token: admin, body: uiForm });
    expect(save.status).toBe(403);
    expect(save.body.error.msg).toBe(NOT_ON_PLAN);
    expect((await signedUrl()).body.error.msg).toBe(NOT_ON_PLAN);
    const read = await t.call('GET', '/api/app.customUiDetails', { token: admin });
    expect(read.body.msg.whiteLabelling).toBe(false);
  });

  it('is open to members, not to billing contacts', async () => {
    const { token: member } = await addTeammate(t, orgId, 'mo@acme.test', 'member');
    const { token: billing } = await addTeammate(t, orgId, 'bill@acme.test', 'billingcontact');
    expect((await t.call('POST', '/api/app.customUiDetails', { token: member, body: uiForm })).status).toBe(200);
    expect((await t.call('GET', '/api/app.customUiDetails', { token: billing })).status).toBe(403);
  });
});

describe('logo upload', () => {
  it('issues a 10-minute single-use URL and stores the svg', async () => {
    const signed = await signedUrl('My Logo.SVG', admin, LOGO.length);
    expect(signed.status).toBe(200);
    const msg = signed.body.msg;
    expect(msg).toMatchObject({ method: 'PUT', contentType: 'image/svg+xml', maxBytes: 204_800, expiresAt: Math.floor(t.clock.now() / 1000) + 600 });
    expect(msg.key).toMatch(/^upl_[a-z0-9]+-my-logo\.svg$/);
    expect(msg.signedUrl).toContain(`/api/app.uploads/${msg.key}?expires=${msg.expiresAt}&signature=`);

    const stored = await put(msg.signedUrl, LOGO);
    expect(stored.status).toBe(200);
    expect(stored.body.msg).toEqual({ key: msg.key, url: `${t.engine.config.publicUrl}/api/app.uploads/${msg.key}`, size: Buffer.byteLength(LOGO), contentType: 'image/svg+xml' });
    const served = await t.engine.app.inject({ method: 'GET', url: `/api/app.uploads/${msg.key}` });
    expect(served.statusCode).toBe(200);
    expect(served.body).toBe(LOGO);
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
    expect(served.headers['x-content-type-options']).toBe('nosniff');

    const reused = await put(msg.signedUrl, LOGO);
    expect(reused.status).toBe(403);
  });

  it('checks the name and announced size up front', async () => {
    const png = await signedUrl('logo.png');
    expect(png.status).toBe(400);
    expect(png.body.error).toMatchObject({ msg: 'Invalid file type', field: 'fileName' });
    const big = await signedUrl('logo.svg', admin, 204_801);
    expect(big.body.error).toMatchObject({ msg: 'File size is greater than 200KB', field: 'fileSize' });
  });

  it.each([
    ['a PNG content type', LOGO, 'image/png', 'Invalid file type'],
    ['a body that is not an svg', 'hello world', 'image/svg+xml', 'Invalid file type'],
    ['an html document', '<html><body><svg></svg></body></html>', 'image/svg+xml', 'Invalid file type'],
    ['more than 204,800 bytes', `<svg xmlns="http://www.w3.org/2000/svg"><!--${'x'.repeat(204_800)}--></svg>`, 'image/svg+xml', 'File size is greater than 200KB'],
    ['a script tag', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'image/svg+xml', 'Invalid svg!'],
    ['an upper-case script tag', '<svg xmlns="http://www.w3.org/2000/svg"><SCRIPT >alert(1)</SCRIPT></svg>', 'image/svg+xml', 'Invalid svg!'],
    ['an event handler', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>', 'image/svg+xml', 'Invalid svg!'],
    ['an encoded javascript: link', '<svg xmlns="http://www.w3.org/2000/svg"><a href="jav&#x61;script:alert(1)"><rect/></a></svg>', 'image/svg+xml', 'Invalid svg!'],
    ['a foreignObject', '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><div/></foreignObject></svg>', 'image/svg+xml', 'Invalid svg!'],
  ])('refuses %s', async (_what, body, contentType, msg) => {
    const signed = await signedUrl();
    const res = await put(signed.body.msg.signedUrl, body, contentType);
    expect(res.status).toBe(400);
    expect(res.body.error.msg).toBe(msg);
    // A refused file does not use the URL up.
    expect((await put(signed.body.msg.signedUrl, LOGO)).status).toBe(200);
  });

  it('refuses a missing, forged, expired or other organisation\'s signature', async () => {
    const signed = (await signedUrl()).body.msg;
    const url = new URL(signed.signedUrl);
    const without = new URL(url); without.searchParams.delete('signature');
    expect((await put(without.toString(), LOGO)).status).toBe(403);
    const noExpiry = new URL(url); noExpiry.searchParams.delete('expires');
    expect((await put(noExpiry.toString(), LOGO)).status).toBe(403);
    const later = new URL(url); later.searchParams.set('expires', String(signed.expiresAt + 3600));
    expect((await put(later.toString(), LOGO)).status).toBe(403);
    const forged = new URL(url); forged.searchParams.set('signature', `${url.searchParams.get('signature')!.slice(0, -3)}abc`);
    expect((await put(forged.toString(), LOGO)).status).toBe(403);
    // A signature issued to another key does not open this one.
    const otherKey = (await signedUrl()).body.msg;
    const swapped = new URL(url); swapped.searchParams.set('signature', new URL(otherKey.signedUrl).searchParams.get('signature')!);
    expect((await put(swapped.toString(), LOGO)).status).toBe(403);
    t.clock.advance(600_001);
    expect((await put(signed.signedUrl, LOGO)).status).toBe(403);
    expect((await t.engine.app.inject({ method: 'GET', url: `/api/app.uploads/${signed.key}` })).statusCode).toBe(404);
  });

  it('clears uploads never used as the logo after 24 hours', async () => {
    const used = await uploadLogo();
    await t.call('POST', '/api/app.customUiDetails', { token: admin, body: { ...uiForm, fileName: used } });
    const unused = await uploadLogo();
    t.clock.advance(24 * 3_600_000 + 1);
    const fresh = await t.engine.app.inject({ method: 'POST', url: '/api/auth.signIn', payload: { userEmail: 'dana@acme.test' } });
    expect(fresh.statusCode).toBe(200);
    const otp = await t.lastCode('dana@acme.test');
    const login = await t.call('POST', '/api/auth.verifyOtp', { body: { userEmail: 'dana@acme.test', otp } });
    await signedUrl('x.svg', login.body.msg.token);
    expect((await t.engine.app.inject({ method: 'GET', url: `/api/app.uploads/${unused}` })).statusCode).toBe(404);
    expect((await t.engine.app.inject({ method: 'GET', url: `/api/app.uploads/${used}` })).statusCode).toBe(200);
  });
});

describe('customised e-mails', () => {
  const form = {
    enabled: true, senderName: ' Acme Integrations ', replyTo: 'support@acme.test', subject: '{{orgName}} wants your {{categories}} app',
    heading: 'Connect to {{orgName}}', body: 'Hi {{originUserName}}, valid until {{expiresAt}} for {{originOrgName}}.', buttonText: 'Connect',
    footer: null, brandColor: '#00AA11', useOrgLogo: true,
  };

  it('reads the platform defaults until saved, then the saved settings', async () => {
    const before = await t.call('GET', '/api/app.customEmailDetails', { token: admin });
    expect(before.status).toBe(200);
    expect(before.body.msg).toMatchObject({ enabled: false, senderName: 'Acme', replyTo: null, whiteLabelling: true, updatedAt: null });
    const saved = await t.call('POST', '/api/app.customEmailDetails', { token: admin, body: form });
    expect(saved.status).toBe(200);
    expect(saved.body.msg.message).toBe('Successfully saved the changes');
    expect(saved.body.msg.customEmailDetails).toEqual({ ...form, senderName: 'Acme Integrations', whiteLabelling: true, updatedAt: Math.floor(t.clock.now() / 1000) });
    expect((await t.call('GET', '/api/app.customEmailDetails', { token: admin })).body.msg).toEqual(saved.body.msg.customEmailDetails);
  });

  it('refuses unknown placeholders, blank texts and bad colours', async () => {
    const unknown = await t.call('POST', '/api/app.customEmailDetails', { token: admin, body: { ...form, heading: 'Hello {{ firstName }}' } });
    expect(unknown.body.error).toMatchObject({ msg: 'Unknown placeholder {{firstName}}', field: 'heading' });
    expect((await t.call('POST', '/api/app.customEmailDetails', { token: admin, body: { ...form, subject: ' ' } })).body.error.msg).toBe('Subject is required');
    expect((await t.call('POST', '/api/app.customEmailDetails', { token: admin, body: { ...form, brandColor: 'red' } })).body.error.msg).toBe('Please pick a colour');
    expect((await t.call('POST', '/api/app.customEmailDetails', { token: admin, body: { ...form, replyTo: 'nope' } })).body.error.msg).toBe('Not a valid email!');
  });

  it('needs the whiteLabelling plan feature to save', async () => {
    await setWhiteLabelling(false);
    const res = await t.call('POST', '/api/app.customEmailDetails', { token: admin, body: form });
    expect(res.status).toBe(403);
    expect(res.body.error.msg).toBe(NOT_ON_PLAN);
    expect((await t.call('GET', '/api/app.customEmailDetails', { token: admin })).body.msg.whiteLabelling).toBe(false);
  });
});
