import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callAccountApi } from '../../src/engine/services/sandboxClient.ts';
import { startTestEngine, type TestEngine } from '../support/engineHarness.ts';
import { newOrg, type OrgSession } from '../support/dataFixtures.ts';
import { apiKeysOf, connectWithKey, unified, type ApiKeys } from '../support/unifiedApi.ts';

// The unified API (/v1.0) on SQLite and PostgreSQL, as a customer backend calls it: the
// organisation's API key and an integrated account connected through an auth session. A read
// answers the app's records in the unified model through the account's field mapping (a default
// category preset's rows and a custom row of its own), pages with the app's paging, and is in the
// API logs with its native call, redacted bodies and usage counters by the time it is answered.
let t: TestEngine;
let org: OrgSession;
let keys: ApiKeys;
let bamboo: string;

beforeEach(async () => {
  t = await startTestEngine();
  org = await newOrg(t, 'owner@acme.test');
  await t.engine.db.updateTable('organisations').set({ feature_custom_mapping: 1 }).where('id', '=', org.orgId).execute();
  for (const category of ['HRIS', 'CRM']) expect((await t.call('POST', '/api/app.enableCategory', { token: org.token, body: { category } })).status).toBe(200);
  const sync = await t.call('POST', '/api/app.enableSyncForCategory', { token: org.token, body: { category: 'HRIS', syncModels: [], apiTrigger: true } });
  expect(sync.status, JSON.stringify(sync.body)).toBe(200);
  // New bamboohr accounts get the organisation's default preset: the region custom field.
  const preset = await t.call('POST', '/api/app.saveCategoryCustomMappingPreset', { token: org.token, body: {
    presetName: 'Regions', category: 'HRIS', appIds: ['bamboohr'], isDefault: true,
    mappings: [{ subCategoryId: 'employee', mappings: [{ fieldId: 'customFields.region', fieldToOrg: 'region' }] }],
  } });
  expect(preset.status, JSON.stringify(preset.body)).toBe(200);
  keys = await apiKeysOf(t, org.token);
  bamboo = await connectWithKey(t, keys.prod, { appId: 'bamboohr', category: 'HRIS' });
});
afterEach(async () => { await t.close(); });

const db = () => t.engine.db;
const employees = (query: Record<string, string> = {}, integrationId = bamboo, apiKey = keys.prod) =>
  unified(t, 'GET', 'hris.employees', { apiKey, integrationId, query });

/** Adds the badge number (the app's employeeNumber) to the account's mapping, keeping the preset's row. */
async function mapBadgeNumber(): Promise<void> {
  const saved = await t.call('POST', '/api/app.data.customFields/save', { token: org.token, body: {
    orgId: org.orgId, organizationDetails: { integrationId: bamboo }, subCategoryId: 'employee',
    mappings: [{ fieldId: 'customFields.region', fieldToOrg: 'region' }, { fieldId: 'employeeNumber', fieldToOrg: 'badge_number' }],
  } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

/** The category's sandbox app with setup fields (sandbox-hris-form, sandbox-esign-form, ...). */
const sandboxFormApp = (category: string) => `sandbox-${category.toLowerCase().replace(/_/g, '')}-form`;

/** Enables the categories (those not enabled yet) and connects a test account of each one's sandbox app, by category. */
async function sandboxAccounts(categories: string[]): Promise<Record<string, string>> {
  const accounts: Record<string, string> = {};
  for (const category of categories) {
    await t.call('POST', '/api/app.enableCategory', { token: org.token, body: { category } });
    accounts[category] = await connectWithKey(t, keys.sandbox, { appId: sandboxFormApp(category), category });
  }
  return accounts;
}

/**
 * The first 100 records of a read, and the app's records of the same page: its first page of 100
 * in its own paging (`limit`, or `page` and `page_size` with the list under `pageKey`).
 */
async function readAndApp(integrationId: string, call: string, key: string, path: string, pageKey?: string) {
  const read = await unified(t, 'GET', call, { apiKey: keys.sandbox, integrationId, query: { pageSize: '100' } });
  expect([call, read.status], JSON.stringify(read.body)).toEqual([call, 200]);
  const query = pageKey ? { page: 1, page_size: 100 } : { limit: 100 };
  const app = (await callAccountApi(t.engine, integrationId, { path, query })).body as Record<string, Record<string, any>[] | undefined>;
  const vendor = (pageKey ? app[pageKey] : app.results ?? app.data) ?? [];
  expect(vendor.length, call).toBeGreaterThan(20);
  return [read.body.msg[key] as Record<string, any>[], vendor] as const;
}

/** Every record of a read, page after page. */
async function readAll(integrationId: string, call: string, key: string): Promise<Record<string, any>[]> {
  const records: Record<string, any>[] = [];
  for (let cursor: string | null = null, pages = 0; pages === 0 || cursor; pages += 1) {
    const page: { body: { msg: Record<string, any> } } = await unified(t, 'GET', call, { apiKey: keys.sandbox, integrationId, query: cursor ? { cursor } : { pageSize: '100' } });
    records.push(...page.body.msg[key]);
    cursor = page.body.msg.nextCursor;
  }
  return records;
}

describe('a data-model read', () => {
  it("answers the app's employees in the unified model with the account's custom fields, page by page", async () => {
    await mapBadgeNumber();
    const first = await employees({ pageSize: '2' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.headers['x-knit-execution-id']).toMatch(/^exe_/);
    const app = await callAccountApi(t.engine, bamboo, { path: '/v1/employees', query: { page: 1, page_size: 2 } });
    const vendor = (app.body as { employees: Record<string, any>[] }).employees;
    expect(first.body.msg.employees).toEqual(vendor.map((e) => ({
      id: e.id, firstName: e.firstName, lastName: e.lastName, workEmail: e.workEmail,
      employmentStatus: { Active: 'ACTIVE', 'On leave': 'INACTIVE', Terminated: 'TERMINATED' }[e.employmentStatus as string],
      employmentType: { 'Full-time': 'FULL_TIME', 'Part-time': 'PART_TIME', Contractor: 'CONTRACTOR' }[e.employmentType as string],
      startDate: e.hireDate, terminationDate: e.terminationDate, designation: e.jobTitle, department: e.department,
      manager: e.managerId ? { id: e.managerId } : null, workAddress: e.location,
      fixed: [{ type: 'SALARY', amount: e.compensation.amount, currency: e.compensation.currency, payPeriod: 'ANNUAL' }],
      customFields: { region: e.customFields.region, badge_number: e.employeeNumber },
    })));
    expect(first.body.msg.employees[0].customFields.region).toMatch(/^(EMEA|NA|APAC|LATAM)$/);

    // The cursor follows the app's paging: the next page is the app's page 2.
    expect(first.body.msg.nextCursor).toEqual(expect.any(String));
    const second = await employees({ cursor: first.body.msg.nextCursor });
    expect(second.status).toBe(200);
    const page2 = (await callAccountApi(t.engine, bamboo, { path: '/v1/employees', query: { page: 2, page_size: 2 } })).body as { employees: { id: string }[] };
    expect(second.body.msg.employees.map((e: { id: string }) => e.id)).toEqual(page2.employees.map((e) => e.id));

    const bad = await employees({ cursor: Buffer.from('{"l":"crmContacts","s":2,"a":"x"}').toString('base64url') });
    expect([bad.status, bad.body.error.field]).toEqual([400, 'cursor']);
  });

  it('is in the API logs with its native call, redacted bodies and usage, as the logs screens read them', async () => {
    const res = await employees({ pageSize: '3' });
    expect(res.status).toBe(200);
    const executionId = res.headers['x-knit-execution-id'] as string;
    const log = await db().selectFrom('api_logs').selectAll().where('execution_id', '=', executionId).executeTakeFirstOrThrow();
    expect(log).toMatchObject({
      org_id: org.orgId, request_ts: t.clock.now(), origin_org_id: 'globex-7', origin_org_name: 'Globex Corp', integration_id: bamboo,
      app_id: 'bamboohr', app_label: 'BambooHR', category: 'HRIS', method: 'GET', url: `${t.engine.config.publicUrl}/v1.0/hris.employees?pageSize=3`,
      path: '/v1.0/hris.employees', status_code: 200, status_message: 'OK', native_api_call_count: 1,
    });
    expect(Number(log.duration_ms)).toBeGreaterThanOrEqual(0);

    const detail = await t.call('POST', '/api/app.getApiNativeCalls', { token: org.token, body: { executionId, pageNo: 1, limit: 10 } });
    expect(detail.status, JSON.stringify(detail.body)).toBe(200);
    expect(detail.body.msg.apiLog).toMatchObject({ executionId, integrationId: bamboo, statusCode: 200, nativeApiCallCount: 1, originOrgName: 'Globex Corp' });
    expect(detail.body.msg.logs).toEqual([expect.objectContaining({ method: 'GET', path: '/v1/employees', statusCode: 200, statusMessage: 'OK', appId: 'bamboohr', appLabel: 'BambooHR' })]);
    const list = await t.call('POST', '/api/app.getLogsDataV2', { token: org.token, body: { isApiLogs: true, pageNo: 1, limit: 10, timestamp: 86_400_000 } });
    expect(list.body.msg.logs.map((l: { executionId: string }) => l.executionId)).toContain(executionId);

    const bodies = await db().selectFrom('api_log_bodies').select(['seq', 'request_body', 'response_body']).where('execution_id', '=', executionId).orderBy('seq').execute();
    expect(bodies.map((b) => b.seq)).toEqual([0, 1]);
    expect(JSON.parse(bodies[0].response_body!).msg.employees).toHaveLength(3);
    expect(JSON.parse(bodies[1].response_body!).employees).toHaveLength(3);
    // Neither the API key nor the account's credentials (its setup fields) are anywhere in the logs.
    const stored = JSON.stringify([log, bodies, detail.body]);
    expect(stored).not.toContain(keys.prod);
    expect(stored).not.toContain('value-apiKey');

    const usage = await db().selectFrom('usage_daily').select(['api_calls', 'native_api_calls', 'api_call_errors'])
      .where('org_id', '=', org.orgId).where('integration_id', '=', bamboo).execute();
    expect(usage.map((u) => [Number(u.api_calls), Number(u.native_api_calls), Number(u.api_call_errors)])).toEqual([[1, 1, 0]]);
    expect((await t.call('GET', '/api/app.dashboard', { token: org.token })).body.msg.apiCalls).toBe(1);
  });

  it('logs with inserts and upserts only, after the answer is made: no read on the way', async () => {
    // Every statement, those of transactions included (their executors share the prototype).
    const spy = vi.spyOn(Object.getPrototypeOf(db().getExecutor()), 'executeQuery');
    const result = await employees({ pageSize: '2' });
    const statements = spy.mock.calls.map(([query]) => (query as { sql: string }).sql);
    spy.mockRestore();
    expect(result.status).toBe(200);
    const firstLogWrite = statements.findIndex((text) => /^insert into "api_logs"/.test(text));
    expect(firstLogWrite, statements.join("\n")).toBeGreaterThan(0);
    expect(statements.slice(firstLogWrite).map((text) => /^(\w+ \w+ "\w+")/.exec(text)?.[1])).toEqual([
      'insert into "api_logs"', 'insert into "native_calls"', 'insert into "api_log_bodies"', 'insert into "usage_daily"',
    ]);
  });

  it('reads every model with its own app paging, for test accounts with the sandbox key', async () => {
    const reads: [string, string, string][] = [
      ['ATS', 'ats.jobs', 'jobs'], ['ATS', 'ats.applications', 'applications'], ['CRM', 'crm.contacts', 'contacts'],
      ['CRM', 'crm.deals', 'deals'], ['CRM', 'crm.accounts', 'accounts'], ['CRM', 'crm.leads', 'leads'], ['CRM', 'crm.engagements', 'engagements'],
      ['ACCOUNTING', 'accounting.journalEntries', 'journalEntries'], ['ACCOUNTING', 'accounting.expenses', 'expenses'],
      ['ACCOUNTING', 'accounting.employees', 'employees'],
      ['ASSESSMENT', 'assessment.packages', 'packages'], ['ASSESSMENT', 'assessment.orders', 'orders'],
      ['EXPENSES', 'expenses.reports', 'reports'], ['EXPENSES', 'expenses.cardTransactions', 'cardTransactions'],
      ['TICKETING', 'ticketing.tickets', 'tickets'], ['TICKETING', 'ticketing.users', 'users'], ['MEETING', 'meeting.meetings', 'meetings'],
      ['E_SIGN', 'esign.documents', 'documents'], ['EMAIL', 'email.messages', 'messages'], ['STORAGE', 'storage.files', 'files'],
      ['CALENDAR', 'calendar.events', 'events'], ['SUBSCRIPTION_MANAGEMENT', 'subscription.subscriptions', 'subscriptions'],
      ['SUBSCRIPTION_MANAGEMENT', 'subscription.customers', 'customers'],
    ];
    const accounts = await sandboxAccounts([...new Set(reads.map(([category]) => category))]);
    for (const [category, call, key] of reads) {
      const read = (query: Record<string, string>) => unified(t, 'GET', call, { apiKey: keys.sandbox, integrationId: accounts[category], query });
      const first = await read({ pageSize: '3' });
      expect([call, first.status], JSON.stringify(first.body)).toEqual([call, 200]);
      expect(first.body.msg[key]).toHaveLength(3);
      const second = await read({ cursor: first.body.msg.nextCursor });
      expect(second.body.msg[key]).toHaveLength(3);
      const ids = (page: { body: { msg: Record<string, { id: string }[]> } }) => page.body.msg[key].map((r) => r.id);
      expect(ids(second).some((id) => ids(first).includes(id)), call).toBe(false);
    }
  });

  it("maps the CRM's accounts, leads and engagements and the ledger's expenses and employees from the app's records", async () => {
    const { CRM: crm, ACCOUNTING: ledger } = await sandboxAccounts(['CRM', 'ACCOUNTING']);

    const [accounts, companies] = await readAndApp(crm, 'crm.accounts', 'accounts', '/crm/v3/objects/accounts');
    expect(accounts).toEqual(companies.map(({ id, properties: p }) => ({
      id, name: p.name, industry: p.industry, website: p.domain, numberOfEmployees: p.numberofemployees, annualRevenue: p.annualrevenue,
      ownerId: p.hubspot_owner_email, customFields: {},
    })));

    const LEAD_STATUS: Record<string, string> = { NEW: 'NEW', ATTEMPTED_TO_CONTACT: 'WORKING', CONNECTED: 'WORKING', OPEN_DEAL: 'QUALIFIED', UNQUALIFIED: 'UNQUALIFIED' };
    const [leads, prospects] = await readAndApp(crm, 'crm.leads', 'leads', '/crm/v3/objects/leads');
    expect(leads).toEqual(prospects.map(({ id, properties: p }) => ({
      id, firstName: p.firstname, lastName: p.lastname, email: p.email, company: p.company, status: LEAD_STATUS[p.hs_lead_status],
      source: p.leadsource, ownerId: null, customFields: {},
    })));
    // The oldest leads have ended their course: the newer ones are still being worked.
    expect(new Set((await readAll(crm, 'crm.leads', 'leads')).map((l) => l.status))).toEqual(new Set(['NEW', 'WORKING', 'QUALIFIED', 'UNQUALIFIED']));

    const [engagements, logged] = await readAndApp(crm, 'crm.engagements', 'engagements', '/crm/v3/objects/engagements');
    expect(engagements).toEqual(logged.map(({ id, properties: p }) => ({
      id, type: p.hs_engagement_type, subject: p.hs_subject, body: p.hs_body_preview, occurredAt: p.hs_timestamp, ownerId: p.hubspot_owner_email,
      participants: [
        ...(p.contact_id ? [{ id: p.contact_id, email: null, type: 'CONTACT' }] : []),
        { id: p.hubspot_owner_email, email: p.hubspot_owner_email, type: 'USER' },
      ],
      customFields: {},
    })));
    expect(new Set(engagements.map((e) => e.type))).toEqual(new Set(['CALL', 'EMAIL', 'MEETING', 'NOTE', 'TASK']));
    expect(engagements.filter((e) => e.type === 'NOTE').every((e) => e.subject === null && e.body)).toBe(true);

    const [expenses, claims] = await readAndApp(ledger, 'accounting.expenses', 'expenses', '/v1/expenses');
    expect(expenses).toEqual(claims.map((x) => ({
      id: x.id, amount: x.amount, currency: x.currency, transactionDate: x.date, memo: x.description, paymentAccountId: null, vendorId: null,
      lineItems: [{ accountId: null, amount: x.amount, description: x.category, taxRateId: null }], customFields: {},
    })));
    expect(new Set(expenses.map((x) => x.currency))).toEqual(new Set(['USD', 'EUR', 'GBP']));

    const [employees, staff] = await readAndApp(ledger, 'accounting.employees', 'employees', '/v1/employees');
    expect(employees).toEqual(staff.map((e) => ({
      id: e.id, firstName: e.first_name, lastName: e.last_name, email: e.email, status: { active: 'ACTIVE', inactive: 'INACTIVE' }[e.status as string],
      hireDate: e.hire_date, customFields: {},
    })));
    expect(employees.every((e) => `${e.firstName} ${e.lastName}` === staff.find((s) => s.id === e.id)!.name)).toBe(true);
    expect(new Set(employees.map((e) => e.status))).toEqual(new Set(['ACTIVE', 'INACTIVE']));
  });

  it("maps an assessment vendor's packages and orders and an expense app's reports and card transactions from the app's records", async () => {
    const { ASSESSMENT: tests, EXPENSES: spend } = await sandboxAccounts(['ASSESSMENT', 'EXPENSES']);

    const [packages, offered] = await readAndApp(tests, 'assessment.packages', 'packages', '/v1/packages');
    expect(packages).toEqual(offered.map((p) => ({
      id: p.id, name: p.name, description: p.description, durationMinutes: p.duration_minutes, type: p.type.toUpperCase(), customFields: {},
    })));
    expect(new Set(packages.map((p) => p.type))).toEqual(new Set(['SKILLS', 'BACKGROUND_CHECK', 'PERSONALITY']));

    const ORDER_STATUS: Record<string, string> = { invited: 'PENDING', started: 'IN_PROGRESS', completed: 'COMPLETED' };
    const [orders, ordered] = await readAndApp(tests, 'assessment.orders', 'orders', '/v1/orders');
    expect(orders).toEqual(ordered.map((o) => ({
      id: o.id, candidateId: o.candidate_id, packageId: o.package_id, status: ORDER_STATUS[o.status], createdAt: o.created_at,
      result: o.result && { score: o.result.score, maxScore: o.result.max_score, status: o.result.outcome.toUpperCase(), reportUrl: o.result.report_url },
      customFields: {},
    })));
    // A result once completed, none before; orders still move, and some candidates never finish.
    expect(orders.every((o) => (o.status === 'COMPLETED') === (o.result !== null))).toBe(true);
    expect(new Set((await readAll(tests, 'assessment.orders', 'orders')).map((o) => o.status))).toEqual(new Set(['PENDING', 'IN_PROGRESS', 'COMPLETED']));

    const [reports, filed] = await readAndApp(spend, 'expenses.reports', 'reports', '/v1/reports');
    expect(reports).toEqual(filed.map((r) => ({
      id: r.id, title: r.title, employeeEmail: r.submitter.email, status: r.status.toUpperCase(), totalAmount: r.total, currency: r.currency,
      submittedAt: r.submitted_at, expenses: r.expenses, receipts: r.receipts.map((x: Record<string, string>) => ({ fileName: x.file_name, url: x.url })),
      customFields: {},
    })));
    for (const r of reports) expect(r.totalAmount).toBeCloseTo(r.expenses.reduce((sum: number, x: { amount: number }) => sum + x.amount, 0), 2);
    expect(reports.filter((r) => r.status === 'DRAFT').every((r) => r.submittedAt === null)).toBe(true);

    const [transactions, card] = await readAndApp(spend, 'expenses.cardTransactions', 'cardTransactions', '/v1/card-transactions');
    expect(transactions).toEqual(card.map((x) => ({
      id: x.id, cardLast4: x.card_last_four, merchant: x.merchant.name, amount: x.amount.amount / 100, currency: x.amount.currency, postedAt: x.posted_at_date,
      customFields: {},
    })));
  });

  it("maps a helpdesk's tickets and users, a video tool's meetings and an e-sign tool's documents from the app's records", async () => {
    const { TICKETING: desk, MEETING: video, E_SIGN: esign } = await sandboxAccounts(['TICKETING', 'MEETING', 'E_SIGN']);
    // The account maps the helpdesk's region custom field of tickets (an unmapped field of its table, spelt the app's way).
    const saved = await t.call('POST', '/api/app.data.customFields/save', { token: org.token, body: {
      orgId: org.orgId, organizationDetails: { integrationId: desk }, subCategoryId: 'ticketing_tickets',
      mappings: [{ fieldId: 'CustomFields.Region', fieldToOrg: 'region' }],
    } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const TICKET_STATUS: Record<string, string> = { new: 'OPEN', open: 'IN_PROGRESS', pending: 'IN_PROGRESS', solved: 'CLOSED', closed: 'CLOSED' };
    const PRIORITY: Record<string, string> = { low: 'LOW', normal: 'MEDIUM', high: 'HIGH', urgent: 'URGENT' };
    const [tickets, requests] = await readAndApp(desk, 'ticketing.tickets', 'tickets', '/api/v2/tickets', 'tickets');
    expect(tickets).toEqual(requests.map((x) => ({
      id: String(x.id), title: x.subject, description: x.description, status: TICKET_STATUS[x.status], priority: x.priority === null ? null : PRIORITY[x.priority],
      assigneeId: x.assignee_id === null ? null : String(x.assignee_id), createdAt: x.created_at, dueDate: x.due_at,
      comments: x.comments.map((c: Record<string, any>) => ({ id: String(c.id), body: c.body, authorId: String(c.author_id), createdAt: c.created_at })),
      attachments: x.comments.flatMap((c: Record<string, any>) => c.attachments).map((a: Record<string, any>) => ({ fileName: a.file_name, url: a.content_url })),
      customFields: { region: x.custom_fields.region },
    })));
    expect(new Set((await readAll(desk, 'ticketing.tickets', 'tickets')).map((x) => x.status))).toEqual(new Set(['OPEN', 'IN_PROGRESS', 'CLOSED']));
    expect(tickets.some((x) => x.attachments.length > 0)).toBe(true);

    const USER_ROLE: Record<string, string> = { 'end-user': 'END_USER', agent: 'AGENT', admin: 'ADMIN' };
    const [users, people] = await readAndApp(desk, 'ticketing.users', 'users', '/api/v2/users', 'users');
    expect(users).toEqual(people.map((u) => ({ id: String(u.id), name: u.name, email: u.email, role: USER_ROLE[u.role], customFields: {} })));
    // Tickets are assigned to the helpdesk's staff.
    const roles = new Map((await readAll(desk, 'ticketing.users', 'users')).map((u) => [u.id, u.role]));
    expect(new Set(roles.values())).toEqual(new Set(['END_USER', 'AGENT', 'ADMIN']));
    expect(new Set(tickets.filter((x) => x.assigneeId).map((x) => roles.get(x.assigneeId)))).toEqual(new Set(['AGENT', 'ADMIN']));

    const [meetings, booked] = await readAndApp(video, 'meeting.meetings', 'meetings', '/v2/meetings');
    expect(meetings).toEqual(booked.map((m) => ({
      id: String(m.id), title: m.topic, startTime: m.start_time,
      endTime: new Date(Date.parse(m.start_time) + m.duration * 60_000).toISOString().replace('.000Z', 'Z'), hostEmail: m.host_email, joinUrl: m.join_url,
      participants: m.participants.map((p: Record<string, string>) => ({ name: p.name, email: p.user_email, joinedAt: p.join_time, leftAt: p.leave_time })),
      recordings: m.recording_files.map((r: Record<string, string>) => ({ id: r.id, url: r.download_url, durationSeconds: (Date.parse(r.recording_end) - Date.parse(r.recording_start)) / 1000 })),
      transcript: (m.transcript?.segments ?? []).map((x: Record<string, any>) => ({ speaker: x.speaker_name, text: x.text, startOffset: x.start_ms / 1000 })),
      customFields: {},
    })));
    // Held meetings (with their host), some recorded and transcribed; and no-shows.
    expect(meetings.some((m) => m.participants.length === 0)).toBe(true);
    expect(meetings.some((m) => m.recordings.length > 0 && m.transcript.length > 0)).toBe(true);
    expect(meetings.filter((m) => m.participants.length > 0).every((m) => m.participants[0].email === m.hostEmail)).toBe(true);

    const ENVELOPE_STATUS: Record<string, string> = { created: 'DRAFT', sent: 'SENT', completed: 'COMPLETED', declined: 'DECLINED', voided: 'VOIDED' };
    const [documents, envelopes] = await readAndApp(esign, 'esign.documents', 'documents', '/restapi/v2.1/envelopes', 'envelopes');
    expect(documents).toEqual(envelopes.map((e) => ({
      id: e.envelopeId, name: e.envelopeDocuments[0].name, status: ENVELOPE_STATUS[e.status], createdAt: e.createdDateTime, completedAt: e.completedDateTime,
      senderEmail: e.sender.email,
      signers: e.recipients.signers.map((x: Record<string, any>) => ({
        name: x.name, email: x.email, status: ({ completed: 'SIGNED', declined: 'DECLINED' } as Record<string, string>)[x.status] ?? 'PENDING', signedAt: x.signedDateTime,
      })),
      files: e.envelopeDocuments.map((d: Record<string, string>) => ({ fileName: d.name, url: d.uri })),
      customFields: {},
    })));
    expect([...new Set((await readAll(esign, 'esign.documents', 'documents')).map((d) => d.status))].sort()).toEqual(expect.arrayContaining(['COMPLETED', 'DECLINED', 'DRAFT', 'VOIDED']));
    const completed = documents.filter((d) => d.status === 'COMPLETED');
    expect(completed.every((d) => d.completedAt && d.files.length === 2 && d.signers.every((x: { status: string }) => x.status === 'SIGNED'))).toBe(true);
  });

  it("maps a mailbox's messages, a drive's files, a calendar's events and a billing platform's subscriptions and customers from the app's records", async () => {
    const { EMAIL: mail, STORAGE: drive, CALENDAR: calendar, SUBSCRIPTION_MANAGEMENT: billing } = await sandboxAccounts(['EMAIL', 'STORAGE', 'CALENDAR', 'SUBSCRIPTION_MANAGEMENT']);

    const [messages, mailbox] = await readAndApp(mail, 'email.messages', 'messages', '/gmail/v1/users/me/messages');
    const header = (m: Record<string, any>, name: string) => m.payload.headers.find((h: { name: string }) => h.name === name)?.value as string;
    const address = (text: string) => /<(.+)>/.exec(text)?.[1] ?? text;
    expect(messages).toEqual(mailbox.map((m) => ({
      id: m.id, threadId: m.threadId, subject: header(m, 'Subject'), from: address(header(m, 'From')), to: header(m, 'To').split(', ').map(address),
      sentAt: m.labelIds.includes('DRAFT') ? null : new Date(Number(m.internalDate)).toISOString(), snippet: m.snippet,
      attachments: m.payload.parts.filter((p: { filename: string }) => p.filename).map((p: Record<string, any>) => ({ fileName: p.filename, mimeType: p.mimeType, sizeBytes: p.body.size })),
      customFields: {},
    })));
    expect(messages.some((m) => m.attachments.length > 0) && messages.some((m) => m.to.length > 1)).toBe(true);
    // Drafts are sent a little later: the last ones are the only drafts.
    const all = await readAll(mail, 'email.messages', 'messages');
    expect(all.slice(0, -50).every((m) => m.sentAt !== null)).toBe(true);

    const MIME: Record<string, string> = {
      pdf: 'application/pdf', docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      png: 'image/png', jpg: 'image/jpeg', csv: 'text/csv', txt: 'text/plain', md: 'text/markdown',
    };
    const ROLE: Record<string, string> = { 'co-owner': 'OWNER', editor: 'EDITOR', viewer: 'VIEWER', previewer: 'VIEWER' };
    const [files, stored] = await readAndApp(drive, 'storage.files', 'files', '/2.0/files');
    expect(files).toEqual(stored.map((f) => {
      const path = `/${f.path_collection.entries.slice(1).map((e: { name: string }) => e.name).join('/')}`;
      return {
        id: f.id, name: f.name, mimeType: MIME[f.extension], sizeBytes: f.size, path, modifiedAt: f.modified_at, ownerEmail: f.owned_by.login,
        permissions: [{ email: f.owned_by.login, role: 'OWNER' }, ...f.collaborations.map((c: Record<string, any>) => ({ email: c.accessible_by.login, role: ROLE[c.role] }))],
        folder: { id: f.parent.id, name: f.parent.name, path }, customFields: {},
      };
    }));
    expect(files.every((f) => /^\/[A-Z][a-z]+\/[A-Z][a-z]+$/.test(f.path))).toBe(true);

    const RESPONSE: Record<string, string> = { needsAction: 'NEEDS_ACTION', accepted: 'ACCEPTED', declined: 'DECLINED', tentative: 'TENTATIVE' };
    const [events, invitations] = await readAndApp(calendar, 'calendar.events', 'events', '/calendar/v3/calendars/primary/events');
    expect(events).toEqual(invitations.map((e) => {
      const rule = (e.recurrence?.[0] as string | undefined)?.replace('RRULE:', '');
      const until = rule ? /UNTIL=(\d{4})(\d{2})(\d{2})/.exec(rule)! : null;
      return {
        id: e.id, title: e.summary, startTime: e.start.dateTime, endTime: e.end.dateTime, timezone: e.start.timeZone, location: e.location,
        organizerEmail: e.organizer.email,
        attendees: e.attendees.map((a: Record<string, string>) => ({ email: a.email, name: a.displayName ?? null, responseStatus: RESPONSE[a.responseStatus] })),
        recurrence: rule ? { rule, until: `${until![1]}-${until![2]}-${until![3]}` } : null, customFields: {},
      };
    }));
    expect(events.some((e) => e.recurrence) && events.some((e) => !e.recurrence)).toBe(true);
    expect(new Set(events.flatMap((e) => e.attendees.map((a: { responseStatus: string }) => a.responseStatus)))).toEqual(new Set(['ACCEPTED', 'DECLINED', 'TENTATIVE', 'NEEDS_ACTION']));

    const SUBSCRIPTION_STATUS: Record<string, string> = { in_trial: 'TRIAL', active: 'ACTIVE', paused: 'PAUSED', cancelled: 'CANCELLED' };
    const iso = (seconds: number | undefined) => (seconds === undefined ? null : new Date(seconds * 1000).toISOString());
    const [subscriptions, billed] = await readAndApp(billing, 'subscription.subscriptions', 'subscriptions', '/api/v2/subscriptions');
    expect(subscriptions).toEqual(billed.map((x) => ({
      id: x.id, customerId: x.customer_id, planId: x.subscription_items.find((i: { item_type: string }) => i.item_type === 'plan').item_price_id,
      status: SUBSCRIPTION_STATUS[x.status], currentTermStart: iso(x.current_term_start), currentTermEnd: iso(x.current_term_end), mrr: x.mrr / 100,
      items: x.subscription_items.map((i: Record<string, any>) => ({ itemId: i.item_price_id, quantity: i.quantity, unitPrice: i.unit_price / 100 })),
      customFields: {},
    })));
    for (const x of subscriptions.filter((s) => s.status === 'ACTIVE')) {
      expect(x.mrr).toBeCloseTo(x.items.reduce((sum: number, i: { quantity: number; unitPrice: number }) => sum + i.quantity * i.unitPrice, 0), 2);
    }
    expect([...new Set(subscriptions.map((x) => x.status))]).toEqual(expect.arrayContaining(['ACTIVE', 'PAUSED', 'CANCELLED']));

    const [customers, accounts] = await readAndApp(billing, 'subscription.customers', 'customers', '/api/v2/customers');
    expect(customers).toEqual(accounts.map((c) => ({
      id: c.id, name: `${c.first_name} ${c.last_name}`, email: c.email, company: c.company, createdAt: iso(c.created_at), customFields: {},
    })));
  });

  it("refuses another category's account, with the call logged", async () => {
    const res = await unified(t, 'GET', 'crm.contacts', { apiKey: keys.prod, integrationId: bamboo });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'WRONG_CATEGORY', msg: 'The integrated account is a HRIS account: this call reads CRM accounts' });
    const log = await db().selectFrom('api_logs').select(['status_code', 'status_message', 'native_api_call_count'])
      .where('execution_id', '=', res.headers['x-knit-execution-id'] as string).executeTakeFirstOrThrow();
    expect(log).toEqual({ status_code: 409, status_message: res.body.error.msg, native_api_call_count: 0 });
  });
});

describe('who may call', () => {
  const logCount = async () => (await db().selectFrom('api_logs').select('id').where('org_id', '=', org.orgId).execute()).length;

  it('refuses a wrong key, a missing or foreign integration and the other kind of key', async () => {
    expect((await employees({}, bamboo, 'sk_live_not-a-key')).status).toBe(401);
    expect((await unified(t, 'GET', 'hris.employees', { integrationId: bamboo })).status).toBe(401);
    const missing = await unified(t, 'GET', 'hris.employees', { apiKey: keys.prod });
    expect([missing.status, missing.body.error.field]).toEqual([400, 'X-Knit-Integration-Id']);
    expect(missing.body.error.msg).toContain('X-Knit-Integration-Id header is required');

    const other = await newOrg(t, 'owner@initech.test');
    await t.call('POST', '/api/app.enableCategory', { token: other.token, body: { category: 'HRIS' } });
    const theirs = await connectWithKey(t, (await apiKeysOf(t, other.token)).prod, { appId: 'bamboohr', category: 'HRIS' });
    const foreign = await employees({}, theirs);
    expect([foreign.status, foreign.body.error.code]).toEqual([404, 'NOT_FOUND']);
    expect(foreign.body.error.msg).toBe(`No integrated account ${theirs} in your organisation (X-Knit-Integration-Id)`);

    const wrongKind = await employees({}, bamboo, keys.sandbox);
    expect([wrongKind.status, wrongKind.body.error.msg]).toEqual([403, 'This is a production account: call it with the production API key']);
    // A rotated key answers 401 at once.
    await t.call('GET', '/api/app.getNewApiKeys', { token: org.token, query: { sandbox: 'false' } });
    expect((await employees()).status).toBe(401);
    expect(await logCount()).toBe(0);
  });

  it('refuses a deactivated account with a clear message, and logs the call', async () => {
    await db().updateTable('integrated_accounts').set({ integration_state: 'Deactivated', deactivated_at: t.clock.now() }).where('id', '=', bamboo).execute();
    const res = await employees();
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({ code: 'ACCOUNT_INACTIVE', msg: 'The integrated account is deactivated: reintegrate it before calling its app' });
    expect(await logCount()).toBe(1);
  });
});

describe('v1.0/sync.start', () => {
  const jobs = () => db().selectFrom('sync_jobs').select(['sync_data_type', 'status', 'next_run_at', 'awaiting_api_trigger']).where('integration_id', '=', bamboo).execute();

  it("makes the jobs of an API-trigger category due now; they waited for it", async () => {
    expect(await jobs()).toEqual([{ sync_data_type: 'employee', status: 'active', next_run_at: null, awaiting_api_trigger: 1 }]);
    t.clock.advance(60_000);
    const res = await unified(t, 'POST', 'sync.start', { apiKey: keys.prod, integrationId: bamboo });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.msg).toEqual({ integrationId: bamboo, jobs: [{ syncJobId: expect.stringMatching(/^job_/), syncDataType: 'employee', nextRunAt: t.clock.now() }] });
    expect((await jobs()).map((j) => [j.status, Number(j.next_run_at), j.awaiting_api_trigger])).toEqual([['active', t.clock.now(), 0]]);
    const log = await db().selectFrom('api_logs').select(['method', 'path', 'status_code']).where('execution_id', '=', res.headers['x-knit-execution-id'] as string).executeTakeFirstOrThrow();
    expect(log).toEqual({ method: 'POST', path: '/v1.0/sync.start', status_code: 200 });
  });

  it('names a data type the account does not sync, and refuses paused syncs', async () => {
    const unknown = await unified(t, 'POST', 'sync.start', { apiKey: keys.prod, integrationId: bamboo, body: { syncDataTypes: ['employee', 'crm_deals'] } });
    expect([unknown.status, unknown.body.error.field, unknown.body.error.msg]).toEqual([400, 'syncDataTypes.1', 'The account does not sync crm_deals (its data types: employee)']);
    expect((await jobs())[0].awaiting_api_trigger).toBe(1);
    await db().updateTable('integrated_accounts').set({ sync_paused: 1 }).where('id', '=', bamboo).execute();
    const paused = await unified(t, 'POST', 'sync.start', { apiKey: keys.prod, integrationId: bamboo, body: { syncDataTypes: ['employee'] } });
    expect([paused.status, paused.body.error.code]).toEqual([409, 'SYNC_PAUSED']);
  });
});

describe('v1.0/passthrough', () => {
  const send = (body: unknown) => unified(t, 'POST', 'passthrough', { apiKey: keys.prod, integrationId: bamboo, body });

  it("answers the app's status, headers and body, and logs it with its bodies redacted", async () => {
    const res = await send({ method: 'GET', path: '/v1/employees', query: { page_size: '2' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.msg).toMatchObject({ statusCode: 200, headers: { 'content-type': expect.stringContaining('application/json') } });
    expect(res.body.msg.body.employees).toHaveLength(2);

    const write = await send({ method: 'POST', path: '/v1/employees', headers: { 'x-request-source': 'backend' }, body: { firstName: 'Ada', password: 'hunter2', nested: { access_token: 'tok-123' } } });
    expect(write.body.msg).toMatchObject({ statusCode: 405, headers: {}, body: { error: { code: 'method_not_allowed' } } });
    const bodies = await db().selectFrom('api_log_bodies').select(['seq', 'request_body']).where('execution_id', '=', write.headers['x-knit-execution-id'] as string).orderBy('seq').execute();
    expect(JSON.parse(bodies[1].request_body!)).toEqual({ firstName: 'Ada', password: '[REDACTED]', nested: { access_token: '[REDACTED]' } });
    expect(JSON.stringify(bodies)).not.toMatch(/hunter2|tok-123/);
  });

  it('keeps to the app\'s API and never takes credentials from the caller', async () => {
    for (const path of ['/../../api/app.users', '/v1/%2e%2e/x', '//evil.test/x', '/v1/employees?page=2', 'v1/employees']) {
      const res = await send({ method: 'GET', path });
      expect([path, res.status, res.body.error?.field]).toEqual([path, 400, 'path']);
    }
    const auth = await send({ method: 'GET', path: '/v1/employees', headers: { Authorization: 'Bearer stolen' } });
    expect([auth.status, auth.body.error.field]).toEqual([400, 'headers.Authorization']);
  });
});
