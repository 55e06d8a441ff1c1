import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signUp, startTestEngine, type TestEngine } from '../support/engineHarness.ts';
import { addTeammate, lastMail, whoIs } from '../support/orgMembers.ts';
import { seedDemo, DEMO_ADMIN_EMAIL } from '../../src/engine/seed/index.ts';
import { createSession } from '../../src/engine/services/sessions.ts';

// Billing (tag billing) against the built-in provider, on SQLite and PostgreSQL.

async function get(t: TestEngine, url: string) {
  const { pathname, search } = new URL(url);
  const res = await t.engine.app.inject({ method: 'GET', url: pathname + search });
  return { status: res.statusCode, headers: res.headers, raw: res.rawPayload };
}

describe('the demo organisation', () => {
  let t: TestEngine;
  let token: string;
  beforeAll(async () => {
    t = await startTestEngine();
    const demo = await seedDemo(t.engine.db, { scale: 'small', seed: 7, now: t.clock.now() });
    const adminId = (await t.engine.db.selectFrom('users').select('id').where('email', '=', DEMO_ADMIN_EMAIL).executeTakeFirstOrThrow()).id;
    token = await createSession(t.engine.db, t.engine.config, t.clock.now(), adminId, demo.orgId);
  }, 120_000);
  afterAll(async () => { await t.close(); });

  it('lists the plans with the current one marked, trial first and custom-priced last', async () => {
    const res = await t.call('GET', '/api/app.payment.plans', { token });
    expect(res.status).toBe(200);
    expect(res.body.msg.currentPlanId).toBe('scale-monthly');
    const plans = res.body.msg.plans as { planId: string; price: number | null; isCurrent: boolean; checkoutEnabled: boolean }[];
    expect(plans.map((p) => p.planId)).toEqual(['trial', 'launch-monthly', 'scale-monthly', 'scale-yearly', 'enterprise']);
    expect(plans.filter((p) => p.isCurrent).map((p) => p.planId)).toEqual(['scale-monthly']);
    expect(plans.find((p) => p.planId === 'enterprise')).toMatchObject({ price: null, checkoutEnabled: false });
    expect(plans.find((p) => p.planId === 'scale-monthly')).toMatchObject({ price: 149_900, billingPeriodUnit: 'month', recommended: true, checkoutEnabled: true });
  });

  it('shows the customer and the card on file', async () => {
    const res = await t.call('GET', '/api/app.payment.customer', { token });
    expect(res.status).toBe(200);
    expect(res.body.msg.customer).toMatchObject({ email: 'billing@acme.test', company: 'Acme Integrations', billing_address: { line1: '500 Howard Street', state: 'CA', zip: '94105' } });
    expect(res.body.msg.customer.id).toMatch(/^cus_/);
    expect(res.body.msg.card).toMatchObject({ card_type: 'visa', masked_number: '************4242' });
  });

  it('pages the invoices newest first, 5 at a time, with offset and date[after]', async () => {
    const first = await t.call('POST', '/api/app.payment.invoices', { token, query: { limit: '5' } });
    expect(first.status).toBe(200);
    const page1 = first.body.msg.invoices as { id: string; date: number; amount_paid: number; total: number; status: string; download_url: string; fileName: string }[];
    expect(page1).toHaveLength(5);
    expect(page1.map((i) => i.date)).toEqual([...page1.map((i) => i.date)].sort((a, b) => b - a));
    expect(page1[0]).toMatchObject({ status: 'paid', currency_code: 'USD', planName: 'Scale (monthly)' });
    expect(page1[0]!.fileName).toBe(`Invoice-${page1[0]!.id}.pdf`);
    expect(first.body.msg.nextCursor).toEqual(expect.any(String));

    const all: string[] = page1.map((i) => i.id);
    let cursor = first.body.msg.nextCursor as string | null;
    while (cursor) {
      const next = await t.call('POST', '/api/app.payment.invoices', { token, query: { limit: '5', offset: cursor } });
      all.push(...next.body.msg.invoices.map((i: { id: string }) => i.id));
      cursor = next.body.msg.nextCursor;
    }
    const count = Number((await t.engine.db.selectFrom('invoices').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect(all).toHaveLength(count);
    expect(new Set(all).size).toBe(count);

    const after = page1[2]!.date;
    const recent = await t.call('POST', '/api/app.payment.invoices', { token, query: { 'date[after]': String(after) } });
    expect(recent.body.msg.invoices.map((i: { id: string }) => i.id)).toEqual(page1.slice(0, 2).map((i) => i.id));
    const bad = await t.call('POST', '/api/app.payment.invoices', { token, query: { offset: 'not-a-cursor' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe('offset');
  });

  it('gives fresh signed download links that serve the PDF for an hour', async () => {
    const id = (await t.call('POST', '/api/app.payment.invoices', { token })).body.msg.invoices[0].id as string;
    const res = await t.call('GET', `/api/app.payment.invoices/${id}`, { token });
    expect(res.status).toBe(200);
    const [link] = res.body.msg;
    expect(link).toMatchObject({ mime_type: 'application/pdf', fileName: `Invoice-${id}.pdf`, valid_till: Math.floor(t.clock.now() / 1000) + 3600 });
    const pdf = await get(t, link.download_url);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="Invoice-${id}.pdf"`);
    expect(pdf.raw.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    expect(pdf.raw.toString('latin1')).toContain(`(Invoice ${id})`);

    const url = new URL(link.download_url);
    const tampered = new URL(url); tampered.searchParams.set('expires', String(link.valid_till + 60));
    expect((await get(t, tampered.toString())).status).toBe(403);
    const unsigned = new URL(url); unsigned.searchParams.delete('signature');
    expect((await get(t, unsigned.toString())).status).toBe(403);
    const otherInvoice = new URL(url); otherInvoice.pathname = otherInvoice.pathname.replace(id, 'INV-999999');
    expect((await get(t, otherInvoice.toString())).status).toBe(404);
    expect((await t.call('GET', '/api/app.payment.invoices/INV-999999', { token })).status).toBe(404);

    t.clock.advance(3_600_000);
    expect((await get(t, link.download_url)).status).toBe(403);
    t.clock.advance(-3_600_000);
  });
});

describe('a new organisation', () => {
  let t: TestEngine;
  let admin: string;
  let orgId: string;
  beforeEach(async () => {
    t = await startTestEngine({ billingEnabled: true, salesEmail: 'sales@platform.test' });
    admin = await signUp(t, 'dana@acme.test');
    orgId = (await whoIs(t, admin)).orgId;
  });
  afterEach(async () => { await t.close(); });

  it('is on the trial, without a customer or invoices, and another organisation\'s invoices stay hidden', async () => {
    const plans = await t.call('GET', '/api/app.payment.plans', { token: admin });
    expect(plans.body.msg.currentPlanId).toBe('trial');
    expect(plans.body.msg.plans[0]).toMatchObject({ planId: 'trial', isTrial: true, trialPeriodDays: 14, isCurrent: true });
    const customer = await t.call('GET', '/api/app.payment.customer', { token: admin });
    expect(customer.status).toBe(404);
    await t.engine.db.insertInto('invoices').values({
      id: 'invc_other', org_id: (await t.engine.db.insertInto('organisations').values({ id: 'org_other', name: 'Other', created_at: 0, updated_at: 0 }).returning('id').executeTakeFirstOrThrow()).id,
      number: 'INV-OTHER', date: t.clock.now(), currency_code: 'USD', amount_paid: 100, plan_name: 'Launch', created_at: t.clock.now(),
      line_items_json: '[]', download_url: null, file_name: null, total: null, status: null,
    }).execute();
    const invoices = await t.call('POST', '/api/app.payment.invoices', { token: admin });
    expect(invoices.body.msg).toEqual({ invoices: [], nextCursor: null });
    expect((await t.call('GET', '/api/app.payment.invoices/INV-OTHER', { token: admin })).status).toBe(404);
  });

  it('derives total, status and line items of an invoice recorded without them', async () => {
    await t.engine.db.insertInto('invoices').values({
      id: 'invc_1', org_id: orgId, number: 'INV-1', date: t.clock.now(), currency_code: 'EUR', amount_paid: 0, plan_name: 'Launch',
      line_items_json: JSON.stringify([{ description: 'Launch (monthly)', amount: 49_900, quantity: 1 }]), download_url: null, file_name: null, total: null, status: null, created_at: t.clock.now(),
    }).execute();
    const [invoice] = (await t.call('POST', '/api/app.payment.invoices', { token: admin })).body.msg.invoices;
    expect(invoice).toMatchObject({ id: 'INV-1', total: 49_900, status: 'payment_due', currency_code: 'EUR', planName: 'Launch (monthly)', fileName: 'Invoice-INV-1.pdf' });
    expect(invoice.line_items[0]).toMatchObject({ amount: 49_900, quantity: 1, date_from: Math.floor(t.clock.now() / 1000) });
  });

  it('says whether online payments are available', async () => {
    expect((await t.call('GET', '/api/app.payment.enabled', { token: admin })).body.msg).toEqual({ enabled: true, provider: 'builtin', reason: null });
    await t.engine.db.updateTable('organisations').set({ chargebee_checks: 0 }).where('id', '=', orgId).execute();
    const { token: member } = await addTeammate(t, orgId, 'mo@acme.test', 'member');
    expect((await t.call('GET', '/api/app.payment.enabled', { token: member })).body.msg).toEqual({ enabled: false, provider: 'builtin', reason: 'INVOICED_OFFLINE' });
    const off = await startTestEngine();
    try {
      const token = await signUp(off, 'lee@acme.test');
      expect((await off.call('GET', '/api/app.payment.enabled', { token })).body.msg).toEqual({ enabled: false, provider: 'builtin', reason: 'INSTALLATION_DISABLED' });
    } finally { await off.close(); }
  });

  it('keeps the billing screens to admins and billing contacts', async () => {
    const { token: member } = await addTeammate(t, orgId, 'mo@acme.test', 'member');
    const { token: billing } = await addTeammate(t, orgId, 'bill@acme.test', 'billingcontact');
    expect((await t.call('POST', '/api/app.payment.invoices', { token: member })).status).toBe(403);
    expect((await t.call('GET', '/api/app.payment.customer', { token: member })).status).toBe(403);
    expect((await t.call('POST', '/api/app.payment.invoices', { token: billing })).status).toBe(200);
    expect((await t.call('GET', '/api/app.payment.plans', { token: member })).status).toBe(200);
  });

  it('tells the sales team once a day per plan (Talk to Sales)', async () => {
    const res = await t.call('GET', '/api/app.payment.plans.notify', { token: admin, query: { planId: 'enterprise', message: 'We need SSO' } });
    expect(res.status).toBe(200);
    expect(res.body.msg).toEqual({ notified: true, alreadyNotified: false, message: 'Thanks! Our team will reach out to you shortly.' });
    const mail = await lastMail(t, 'sales@platform.test', 'other');
    expect(mail?.subject).toBe('Talk to Sales: Acme wants Enterprise');
    expect(mail?.text).toContain('dana@acme.test');
    expect(mail?.text).toContain('We need SSO');

    const again = await t.call('GET', '/api/app.payment.plans.notify', { token: admin, query: { planId: 'enterprise' } });
    expect(again.body.msg.alreadyNotified).toBe(true);
    expect(await lastMail(t, 'sales@platform.test', 'other', mail!.id).catch(() => undefined)).toBeUndefined();
    expect((await t.call('GET', '/api/app.payment.plans.notify', { token: admin, query: { planId: 'scale-yearly' } })).body.msg.alreadyNotified).toBe(false);

    expect((await t.call('GET', '/api/app.payment.plans.notify', { token: admin, query: { planId: 'nope' } })).status).toBe(404);
    expect((await t.call('GET', '/api/app.payment.plans.notify', { token: admin, query: { planId: 'trial' } })).status).toBe(400);
  });

  it('answers 501 for checkout and the billing portal, which the built-in provider does not have yet', async () => {
    const checkout = await t.call('POST', '/api/app.payment.checkout', { token: admin, body: { planId: 'scale-monthly' } });
    expect(checkout.status).toBe(501);
    expect(checkout.body.error).toEqual({ msg: 'Not implemented: appPaymentCheckout', code: 'NOT_IMPLEMENTED' });
    expect((await t.call('POST', '/api/app.payment.portal', { token: admin })).status).toBe(501);
  });
});
