import type { Category } from '../../../shared/categories.ts';
import type { ResourceSpec } from './core.ts';
import { assessmentOrders, assessmentPackages } from './assessment.ts';
import { accountingEmployees, cardTransactions, expenseReports, expenses, genericRecords, journalEntries } from './business.ts';
import { crmAccounts, crmContacts, crmDeals, crmEngagements, crmLeads } from './crm.ts';
import { envelopes, storageFiles } from './documents.ts';
import { applications, candidates, employees, jobs } from './people.ts';
import { subscriptionCustomers, subscriptions } from './subscriptions.ts';
import { tickets, ticketingUsers } from './ticketing.ts';
import { calendarEvents, emailMessages, meetings } from './workspace.ts';

/*
 * Each category's vendor API as the sandbox serves it under SANDBOX_PREFIX/apps/<appId>: its list
 * endpoints (each with a detail endpoint, <path>/<id>) and how it pages, in the styles real vendors
 * use:
 * - page      HRIS, TICKETING, E_SIGN
 *                          ?page=1&page_size=50        { employees: [...], pagination: { page, page_size, total, has_more } }
 * - pageLink  ATS          ?page=1&per_page=50         [...] with `Link: <...page=2...>; rel="next"` and `X-Total-Count`
 * - after     CRM          ?limit=50&after=<cursor>    { results: [...], paging: { next: { after, link } } } (no paging on the last page)
 * - cursor    ACCOUNTING, EXPENSES, ASSESSMENT, MEETING, EMAIL, STORAGE, CALENDAR, SUBSCRIPTION_MANAGEMENT, COMMS
 *                          ?limit=50&cursor=<cursor>   { data: [...], next_cursor, has_more }
 * The records keep each vendor's own shape (the files beside this one); COMMS, which no sync
 * reads, serves a generic list of records.
 * Every list takes updated_since (ISO 8601 or epoch ms): only records modified at or after it.
 */
export type PageStyle = 'page' | 'pageLink' | 'after' | 'cursor';

export interface Endpoint {
  path: string;
  /** The list's key in a `page` style answer. */
  key: string;
  spec: ResourceSpec<unknown>;
}

export interface VendorApi {
  style: PageStyle;
  endpoints: Endpoint[];
}

const list = (path: string, spec: ResourceSpec<unknown>): Endpoint => ({ path, key: spec.name.replace(/-(\w)/g, (_m, c: string) => c.toUpperCase()), spec });

const APIS: Partial<Record<Category, VendorApi>> = {
  HRIS: { style: 'page', endpoints: [list('/v1/employees', employees)] },
  ATS: { style: 'pageLink', endpoints: [list('/v1/jobs', jobs), list('/v1/candidates', candidates), list('/v1/applications', applications)] },
  CRM: {
    style: 'after',
    endpoints: [
      list('/crm/v3/objects/contacts', crmContacts), list('/crm/v3/objects/accounts', crmAccounts),
      list('/crm/v3/objects/deals', crmDeals), list('/crm/v3/objects/leads', crmLeads), list('/crm/v3/objects/engagements', crmEngagements),
    ],
  },
  ACCOUNTING: { style: 'cursor', endpoints: [list('/v1/journal-entries', journalEntries), list('/v1/expenses', expenses), list('/v1/employees', accountingEmployees)] },
  EXPENSES: {
    style: 'cursor',
    endpoints: [
      list('/v1/expenses', expenses), list('/v1/employees', accountingEmployees), list('/v1/reports', expenseReports),
      list('/v1/card-transactions', cardTransactions),
    ],
  },
  ASSESSMENT: { style: 'cursor', endpoints: [list('/v1/packages', assessmentPackages), list('/v1/orders', assessmentOrders)] },
  TICKETING: { style: 'page', endpoints: [list('/api/v2/tickets', tickets), list('/api/v2/users', ticketingUsers)] },
  MEETING: { style: 'cursor', endpoints: [list('/v2/meetings', meetings)] },
  E_SIGN: { style: 'page', endpoints: [list('/restapi/v2.1/envelopes', envelopes)] },
  EMAIL: { style: 'cursor', endpoints: [list('/gmail/v1/users/me/messages', emailMessages)] },
  STORAGE: { style: 'cursor', endpoints: [list('/2.0/files', storageFiles)] },
  CALENDAR: { style: 'cursor', endpoints: [list('/calendar/v3/calendars/primary/events', calendarEvents)] },
  SUBSCRIPTION_MANAGEMENT: { style: 'cursor', endpoints: [list('/api/v2/subscriptions', subscriptions), list('/api/v2/customers', subscriptionCustomers)] },
};

/** What one record of a category without its own API is. */
const GENERIC_KINDS: Partial<Record<Category, string>> = { COMMS: 'message' };

const generic = new Map<string, VendorApi>();

/** The vendor API of a category's apps. */
export function vendorApiOf(category: Category): VendorApi {
  const own = APIS[category];
  if (own) return own;
  let api = generic.get(category);
  if (!api) {
    api = { style: 'cursor', endpoints: [list('/v1/records', genericRecords(GENERIC_KINDS[category] ?? 'record'))] };
    generic.set(category, api);
  }
  return api;
}
