import type { Category } from '../../shared/categories.ts';

/*
 * Unified API calls per category: the capability matrix's APIs, the Fetch Data step's call list,
 * and the paths the seeded API logs call. `url` is the path on the unified API (as the storage
 * sample does); handlers prefix the public origin. Tuples: [apiId, name, method, path, subcategory].
 * subcategory is '' for calls that belong to no sync type (passthrough, COMMS).
 */

export const UNIFIED_API_ORIGIN = 'https://api.integrations.test';
const DOCS_ORIGIN = 'https://docs.integrations.test';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type ApiTuple = [apiId: string, name: string, method: HttpMethod, path: string, subcategory: string];

const passthrough = (prefix: string): ApiTuple => [`${prefix}.passthrough`, 'Passthrough request', 'POST', '/v1.0/passthrough', ''];

export const CATEGORY_APIS: Record<Category, ApiTuple[]> = {
  ACCOUNTING: [
    ['accounting.expenses.list', 'List expenses', 'GET', '/v1.0/accounting.expenses', 'accounting_expenses'],
    ['accounting.expense.create', 'Create expense', 'POST', '/v1.0/accounting.expense.create', 'accounting_expenses'],
    ['accounting.employees.list', 'List employees', 'GET', '/v1.0/accounting.employees', 'accounting_employees'],
    ['accounting.journalEntries.list', 'List journal entries', 'GET', '/v1.0/accounting.journalEntries', 'accounting_journalEntries'],
    ['accounting.journalEntry.create', 'Create journal entry', 'POST', '/v1.0/accounting.journalEntry.create', 'accounting_journalEntries'],
    ['accounting.accounts.list', 'List ledger accounts', 'GET', '/v1.0/accounting.accounts', ''],
    passthrough('accounting'),
  ],
  HRIS: [
    ['hris.employees.list', 'List employees', 'GET', '/v1.0/hris.employees', 'employee'],
    ['hris.employee.get', 'Get employee', 'GET', '/v1.0/hris.employee', 'employee'],
    ['hris.employee.create', 'Create employee', 'POST', '/v1.0/hris.employee.create', 'employee'],
    ['hris.employee.update', 'Update employee', 'PATCH', '/v1.0/hris.employee.update', 'employee'],
    ['hris.employee.terminate', 'Terminate employee', 'POST', '/v1.0/hris.employee.terminate', 'employee'],
    ['hris.departments.list', 'List departments', 'GET', '/v1.0/hris.departments', ''],
    ['hris.leave.requests', 'List leave requests', 'GET', '/v1.0/hris.leave.requests', ''],
    passthrough('hris'),
  ],
  ATS: [
    ['ats.jobs.list', 'List jobs', 'GET', '/v1.0/ats.jobs', 'ats_jobs'],
    ['ats.job.create', 'Create job', 'POST', '/v1.0/ats.job.create', 'ats_jobs'],
    ['ats.applications.list', 'List applications', 'GET', '/v1.0/ats.applications', 'ats_applications'],
    ['ats.application.stage.update', 'Move application to stage', 'PUT', '/v1.0/ats.application.stage', 'ats_applications'],
    ['ats.candidate.create', 'Create candidate', 'POST', '/v1.0/ats.candidate.create', 'ats_applications'],
    ['ats.application.reject', 'Reject application', 'POST', '/v1.0/ats.application.reject', 'ats_applications'],
    passthrough('ats'),
  ],
  COMMS: [
    ['comms.channels.list', 'List channels', 'GET', '/v1.0/comms.channels', ''],
    ['comms.users.list', 'List users', 'GET', '/v1.0/comms.users', ''],
    ['comms.message.send', 'Send message', 'POST', '/v1.0/comms.message.send', ''],
    ['comms.message.update', 'Update message', 'PATCH', '/v1.0/comms.message.update', ''],
    ['comms.message.delete', 'Delete message', 'DELETE', '/v1.0/comms.message', ''],
    passthrough('comms'),
  ],
  ASSESSMENT: [
    ['assessment.packages.list', 'List packages', 'GET', '/v1.0/assessment.packages', 'assessment_packages'],
    ['assessment.orders.list', 'List orders', 'GET', '/v1.0/assessment.orders', 'assessment_orders'],
    ['assessment.order.create', 'Order assessment', 'POST', '/v1.0/assessment.order.create', 'assessment_orders'],
    ['assessment.order.result', 'Get order result', 'GET', '/v1.0/assessment.order.result', 'assessment_orders'],
    passthrough('assessment'),
  ],
  TICKETING: [
    ['ticketing.tickets.list', 'List tickets', 'GET', '/v1.0/ticketing.tickets', 'ticketing_tickets'],
    ['ticketing.ticket.create', 'Create ticket', 'POST', '/v1.0/ticketing.ticket.create', 'ticketing_tickets'],
    ['ticketing.ticket.update', 'Update ticket', 'PATCH', '/v1.0/ticketing.ticket.update', 'ticketing_tickets'],
    ['ticketing.comment.create', 'Add comment', 'POST', '/v1.0/ticketing.comment.create', 'ticketing_tickets'],
    ['ticketing.users.list', 'List users', 'GET', '/v1.0/ticketing.users', 'ticketing_users'],
    passthrough('ticketing'),
  ],
  MEETING: [
    ['meeting.meetings.list', 'List meetings', 'GET', '/v1.0/meeting.meetings', 'meeting_meetings'],
    ['meeting.meeting.create', 'Schedule meeting', 'POST', '/v1.0/meeting.meeting.create', 'meeting_meetings'],
    ['meeting.recordings.list', 'List recordings', 'GET', '/v1.0/meeting.recordings', 'meeting_meetings'],
    ['meeting.transcript.get', 'Get transcript', 'GET', '/v1.0/meeting.transcript', 'meeting_meetings'],
    passthrough('meeting'),
  ],
  E_SIGN: [
    ['esign.documents.list', 'List documents', 'GET', '/v1.0/esign.documents', 'esign_documents'],
    ['esign.document.send', 'Send document for signature', 'POST', '/v1.0/esign.document.send', 'esign_documents'],
    ['esign.document.void', 'Void document', 'POST', '/v1.0/esign.document.void', 'esign_documents'],
    ['esign.document.download', 'Download signed document', 'GET', '/v1.0/esign.document.download', 'esign_documents'],
    passthrough('esign'),
  ],
  CRM: [
    ['crm.leads.list', 'List leads', 'GET', '/v1.0/crm.leads', 'crm_leads'],
    ['crm.lead.create', 'Create lead', 'POST', '/v1.0/crm.lead.create', 'crm_leads'],
    ['crm.engagements.list', 'List engagements', 'GET', '/v1.0/crm.engagements', 'crm_engagements'],
    ['crm.accounts.list', 'List accounts', 'GET', '/v1.0/crm.accounts', 'crm_accounts'],
    ['crm.contacts.list', 'List contacts', 'GET', '/v1.0/crm.contacts', 'crm_contacts'],
    ['crm.contact.create', 'Create contact', 'POST', '/v1.0/crm.contact.create', 'crm_contacts'],
    ['crm.deals.list', 'List deals', 'GET', '/v1.0/crm.deals', 'crm_deals'],
    ['crm.deal.update', 'Update deal', 'PATCH', '/v1.0/crm.deal.update', 'crm_deals'],
    passthrough('crm'),
  ],
  EMAIL: [
    ['email.messages.list', 'List messages', 'GET', '/v1.0/email.messages', 'email_messages'],
    ['email.message.send', 'Send e-mail', 'POST', '/v1.0/email.message.send', 'email_messages'],
    ['email.threads.list', 'List threads', 'GET', '/v1.0/email.threads', 'email_messages'],
    passthrough('email'),
  ],
  STORAGE: [
    ['storage.files.list', 'List files', 'GET', '/v1.0/storage.files', 'storage_files'],
    ['storage.file.download', 'Download file', 'GET', '/v1.0/storage.file.download', 'storage_files'],
    ['storage.file.upload', 'Upload file', 'POST', '/v1.0/storage.file.upload', 'storage_files'],
    ['storage.file.delete', 'Delete file', 'DELETE', '/v1.0/storage.file', 'storage_files'],
    passthrough('storage'),
  ],
  CALENDAR: [
    ['calendar.events.list', 'List events', 'GET', '/v1.0/calendar.events', 'calendar_events'],
    ['calendar.event.create', 'Create event', 'POST', '/v1.0/calendar.event.create', 'calendar_events'],
    ['calendar.event.update', 'Update event', 'PATCH', '/v1.0/calendar.event.update', 'calendar_events'],
    ['calendar.freebusy', 'Get free/busy', 'GET', '/v1.0/calendar.freebusy', ''],
    passthrough('calendar'),
  ],
  EXPENSES: [
    ['expenses.reports.list', 'List expense reports', 'GET', '/v1.0/expenses.reports', 'expenses_reports'],
    ['expenses.report.approve', 'Approve expense report', 'POST', '/v1.0/expenses.report.approve', 'expenses_reports'],
    ['expenses.cardTransactions.list', 'List card transactions', 'GET', '/v1.0/expenses.cardTransactions', 'expenses_cardTransactions'],
    passthrough('expenses'),
  ],
  SUBSCRIPTION_MANAGEMENT: [
    ['subscription.subscriptions.list', 'List subscriptions', 'GET', '/v1.0/subscription.subscriptions', 'subscription_subscriptions'],
    ['subscription.subscription.cancel', 'Cancel subscription', 'POST', '/v1.0/subscription.subscription.cancel', 'subscription_subscriptions'],
    ['subscription.customers.list', 'List customers', 'GET', '/v1.0/subscription.customers', 'subscription_customers'],
    ['subscription.customer.create', 'Create customer', 'POST', '/v1.0/subscription.customer.create', 'subscription_customers'],
    passthrough('subscription'),
  ],
};

/** Type shown beside a call: reads, writes, or the raw passthrough. */
export const apiType = ([apiId, , method]: ApiTuple): string =>
  apiId.endsWith('.passthrough') ? 'passthrough' : method === 'GET' ? 'read' : 'write';

export const apiDocUrl = (apiId: string): string => `${DOCS_ORIGIN}/reference/${apiId.replace(/\./g, '-')}`;
