import type { Category } from '../../shared/categories.ts';
import { arr, num, obj, props, str, type Unified, type VendorRecord } from './unifiedModels/values.ts';
import { assessmentOrder, assessmentPackage, cardTransaction, expenseReport } from './unifiedModels/people.ts';
import {
  calendarEvent, emailMessage, esignDocument, meeting, storageFile, subscription, subscriptionCustomer, ticket, ticketingUser,
} from './unifiedModels/business.ts';

/*
 * The unified data models the unified API reads, and how each is made from its vendor's record:
 * the app's endpoint (sandbox/data/apis.ts), the sync type whose field mapping applies
 * (mapping_fields.subcategory), and the platform's own mapping of the vendor's fields to the
 * model's (the DEFAULT rows of a mapping table). The account's CUSTOM rows are added on top
 * (services/customFieldValues.ts). Model attributes as the catalog describes them
 * (seed/modelsPeople.ts, seed/modelsBusiness.ts). The mappings of HRIS, ATS, CRM and ACCOUNTING
 * are below; those of the other categories in unifiedModels/ (people.ts: ASSESSMENT and EXPENSES;
 * business.ts: the rest). COMMS has no sync types, so no model.
 */

export interface UnifiedModel {
  category: Category;
  /** The sync type (mapping sub-category). */
  subcategory: string;
  /** The vendor's list endpoint. */
  endpoint: string;
  /** The list's key in the unified answer. */
  key: string;
  toUnified(record: VendorRecord): Unified;
}

const EMPLOYMENT_STATUS: Record<string, string> = { Active: 'ACTIVE', 'On leave': 'INACTIVE', Terminated: 'TERMINATED' };
const EMPLOYMENT_TYPE: Record<string, string> = { 'Full-time': 'FULL_TIME', 'Part-time': 'PART_TIME', Contractor: 'CONTRACTOR', Contract: 'CONTRACTOR' };
const PAY_PERIOD: Record<string, string> = { YEAR: 'ANNUAL', MONTH: 'MONTHLY', HOUR: 'HOURLY' };

function employee(e: VendorRecord): Unified {
  const location = obj(e.location);
  const pay = obj(e.compensation);
  const period = PAY_PERIOD[String(pay.period)] ?? 'ANNUAL';
  return {
    id: String(e.id),
    firstName: String(e.firstName ?? ''),
    lastName: String(e.lastName ?? ''),
    workEmail: str(e.workEmail),
    employmentStatus: EMPLOYMENT_STATUS[String(e.employmentStatus)] ?? 'ACTIVE',
    employmentType: EMPLOYMENT_TYPE[String(e.employmentType)] ?? null,
    startDate: str(e.hireDate),
    terminationDate: str(e.terminationDate),
    designation: str(e.jobTitle),
    department: str(e.department),
    manager: e.managerId ? { id: String(e.managerId) } : null,
    workAddress: e.location ? { city: str(location.city), country: str(location.country) } : null,
    fixed: num(pay.amount) === null ? [] : [{ type: period === 'HOURLY' ? 'HOURLY' : 'SALARY', amount: num(pay.amount), currency: String(pay.currency ?? ''), payPeriod: period }],
  };
}

const JOB_STATUS: Record<string, string> = { open: 'OPEN', closed: 'CLOSED', draft: 'DRAFT' };

function job(j: VendorRecord): Unified {
  const office = arr(j.offices)[0];
  return {
    id: String(j.id),
    title: String(j.name ?? ''),
    status: JOB_STATUS[String(j.status)] ?? 'DRAFT',
    department: str(arr(j.departments)[0]?.name),
    location: str(obj(office?.location).name ?? office?.name),
    createdAt: String(j.created_at),
    updatedAt: String(j.updated_at),
    hiringTeam: arr(obj(j.hiring_team).hiring_managers).map((m) => ({ name: String(m.name ?? ''), email: str(m.email), role: 'HIRING_MANAGER' })),
  };
}

function application(a: VendorRecord): Unified {
  return {
    id: String(a.id),
    jobId: String(a.job_id),
    candidateId: String(a.candidate_id),
    status: String(a.status ?? 'active').toUpperCase(),
    currentStage: str(obj(a.current_stage).name),
    appliedAt: String(a.applied_at),
  };
}

function contact(c: VendorRecord): Unified {
  const p = props(c);
  return {
    id: String(c.id),
    firstName: str(p.firstname),
    lastName: str(p.lastname),
    email: str(p.email),
    phone: str(p.phone),
    accountId: str(p.account_id),
    title: str(p.jobtitle),
  };
}

// The pipeline's stages: their names, and the win probability the vendor's default pipeline gives each.
const DEAL_STAGES: Record<string, [name: string, probability: number]> = {
  appointmentscheduled: ['Appointment Scheduled', 20],
  qualifiedtobuy: ['Qualified To Buy', 40],
  presentationscheduled: ['Presentation Scheduled', 60],
  decisionmakerboughtin: ['Decision Maker Bought-In', 80],
  contractsent: ['Contract Sent', 90],
  closedwon: ['Closed Won', 100],
  closedlost: ['Closed Lost', 0],
};

function deal(d: VendorRecord): Unified {
  const p = props(d);
  const stage = DEAL_STAGES[String(p.dealstage)];
  return {
    id: String(d.id),
    name: String(p.dealname ?? ''),
    amount: num(p.amount),
    currency: str(p.deal_currency_code),
    stage: stage?.[0] ?? String(p.dealstage ?? ''),
    closeDate: str(p.closedate),
    probability: stage?.[1] ?? null,
    accountId: str(p.account_id),
  };
}

// The app keys its users by e-mail: an owner is named by it. Its company's web domain is the website.
function crmAccount(a: VendorRecord): Unified {
  const p = props(a);
  return {
    id: String(a.id),
    name: String(p.name ?? ''),
    industry: str(p.industry),
    website: str(p.domain),
    numberOfEmployees: num(p.numberofemployees),
    annualRevenue: num(p.annualrevenue),
    ownerId: str(p.hubspot_owner_email),
  };
}

// The app's lead statuses (its defaults) in the model's four.
const LEAD_STATUS: Record<string, string> = {
  NEW: 'NEW', OPEN: 'NEW', IN_PROGRESS: 'WORKING', ATTEMPTED_TO_CONTACT: 'WORKING', CONNECTED: 'WORKING',
  OPEN_DEAL: 'QUALIFIED', UNQUALIFIED: 'UNQUALIFIED', BAD_TIMING: 'UNQUALIFIED',
};

function lead(l: VendorRecord): Unified {
  const p = props(l);
  return {
    id: String(l.id),
    firstName: str(p.firstname),
    lastName: str(p.lastname),
    email: str(p.email),
    company: str(p.company),
    status: LEAD_STATUS[String(p.hs_lead_status)] ?? null,
    source: str(p.leadsource),
    ownerId: str(p.hubspot_owner_email),
  };
}

const ENGAGEMENT_TYPES = new Set(['CALL', 'EMAIL', 'MEETING', 'NOTE', 'TASK']);

function engagement(e: VendorRecord): Unified {
  const p = props(e);
  const type = String(p.hs_engagement_type ?? '').toUpperCase();
  const owner = str(p.hubspot_owner_email);
  return {
    id: String(e.id),
    type: ENGAGEMENT_TYPES.has(type) ? type : null,
    subject: str(p.hs_subject),
    body: str(p.hs_body_preview),
    occurredAt: str(p.hs_timestamp),
    ownerId: owner,
    participants: [
      ...(p.contact_id ? [{ id: String(p.contact_id), email: null, type: 'CONTACT' }] : []),
      ...(owner ? [{ id: owner, email: owner, type: 'USER' }] : []),
    ],
  };
}

function journalEntry(j: VendorRecord): Unified {
  return {
    id: String(j.id),
    transactionDate: String(j.date),
    memo: str(j.memo),
    currency: String(j.currency ?? ''),
    postingStatus: j.status === 'draft' ? 'DRAFT' : 'POSTED',
    totalAmount: num(j.total_amount) ?? 0,
    lines: arr(j.lines).map((l) => ({
      accountId: String(l.account_code ?? ''), accountName: String(l.account_name ?? ''), debit: num(l.debit) ?? 0, credit: num(l.credit) ?? 0, description: str(l.description),
    })),
  };
}

// An expense is one amount of one category: one line. The app names neither the account it was
// paid from nor a vendor record (only the merchant's name).
function expense(x: VendorRecord): Unified {
  const amount = num(x.amount) ?? 0;
  return {
    id: String(x.id),
    amount,
    currency: str(x.currency),
    transactionDate: str(x.date),
    memo: str(x.description),
    paymentAccountId: null,
    vendorId: null,
    lineItems: [{ accountId: null, amount, description: str(x.category), taxRateId: null }],
  };
}

function accountingEmployee(e: VendorRecord): Unified {
  return {
    id: String(e.id),
    firstName: str(e.first_name),
    lastName: str(e.last_name),
    email: str(e.email),
    status: e.status === 'inactive' ? 'INACTIVE' : 'ACTIVE',
    hireDate: str(e.hire_date),
  };
}

/** The models the unified API reads, by operationId. */
export const UNIFIED_MODELS = {
  hrisEmployees: { category: 'HRIS', subcategory: 'employee', endpoint: '/v1/employees', key: 'employees', toUnified: employee },
  atsJobs: { category: 'ATS', subcategory: 'ats_jobs', endpoint: '/v1/jobs', key: 'jobs', toUnified: job },
  atsApplications: { category: 'ATS', subcategory: 'ats_applications', endpoint: '/v1/applications', key: 'applications', toUnified: application },
  crmContacts: { category: 'CRM', subcategory: 'crm_contacts', endpoint: '/crm/v3/objects/contacts', key: 'contacts', toUnified: contact },
  crmDeals: { category: 'CRM', subcategory: 'crm_deals', endpoint: '/crm/v3/objects/deals', key: 'deals', toUnified: deal },
  crmAccounts: { category: 'CRM', subcategory: 'crm_accounts', endpoint: '/crm/v3/objects/accounts', key: 'accounts', toUnified: crmAccount },
  crmLeads: { category: 'CRM', subcategory: 'crm_leads', endpoint: '/crm/v3/objects/leads', key: 'leads', toUnified: lead },
  crmEngagements: { category: 'CRM', subcategory: 'crm_engagements', endpoint: '/crm/v3/objects/engagements', key: 'engagements', toUnified: engagement },
  accountingJournalEntries: { category: 'ACCOUNTING', subcategory: 'accounting_journalEntries', endpoint: '/v1/journal-entries', key: 'journalEntries', toUnified: journalEntry },
  accountingExpenses: { category: 'ACCOUNTING', subcategory: 'accounting_expenses', endpoint: '/v1/expenses', key: 'expenses', toUnified: expense },
  accountingEmployees: { category: 'ACCOUNTING', subcategory: 'accounting_employees', endpoint: '/v1/employees', key: 'employees', toUnified: accountingEmployee },
  assessmentPackages: { category: 'ASSESSMENT', subcategory: 'assessment_packages', endpoint: '/v1/packages', key: 'packages', toUnified: assessmentPackage },
  assessmentOrders: { category: 'ASSESSMENT', subcategory: 'assessment_orders', endpoint: '/v1/orders', key: 'orders', toUnified: assessmentOrder },
  expensesReports: { category: 'EXPENSES', subcategory: 'expenses_reports', endpoint: '/v1/reports', key: 'reports', toUnified: expenseReport },
  expensesCardTransactions: { category: 'EXPENSES', subcategory: 'expenses_cardTransactions', endpoint: '/v1/card-transactions', key: 'cardTransactions', toUnified: cardTransaction },
  ticketingTickets: { category: 'TICKETING', subcategory: 'ticketing_tickets', endpoint: '/api/v2/tickets', key: 'tickets', toUnified: ticket },
  ticketingUsers: { category: 'TICKETING', subcategory: 'ticketing_users', endpoint: '/api/v2/users', key: 'users', toUnified: ticketingUser },
  meetingMeetings: { category: 'MEETING', subcategory: 'meeting_meetings', endpoint: '/v2/meetings', key: 'meetings', toUnified: meeting },
  esignDocuments: { category: 'E_SIGN', subcategory: 'esign_documents', endpoint: '/restapi/v2.1/envelopes', key: 'documents', toUnified: esignDocument },
  emailMessages: { category: 'EMAIL', subcategory: 'email_messages', endpoint: '/gmail/v1/users/me/messages', key: 'messages', toUnified: emailMessage },
  storageFiles: { category: 'STORAGE', subcategory: 'storage_files', endpoint: '/2.0/files', key: 'files', toUnified: storageFile },
  calendarEvents: { category: 'CALENDAR', subcategory: 'calendar_events', endpoint: '/calendar/v3/calendars/primary/events', key: 'events', toUnified: calendarEvent },
  subscriptionSubscriptions: {
    category: 'SUBSCRIPTION_MANAGEMENT', subcategory: 'subscription_subscriptions', endpoint: '/api/v2/subscriptions', key: 'subscriptions', toUnified: subscription,
  },
  subscriptionCustomers: { category: 'SUBSCRIPTION_MANAGEMENT', subcategory: 'subscription_customers', endpoint: '/api/v2/customers', key: 'customers', toUnified: subscriptionCustomer },
} as const satisfies Record<string, UnifiedModel>;

export type UnifiedModelId = keyof typeof UNIFIED_MODELS;
