import type { Category } from '../../../shared/categories.ts';
import type { ResourceSpec } from './core.ts';
import { accountingEmployees, expenses, genericRecords, journalEntries } from './business.ts';
import { crmAccounts, crmContacts, crmDeals, crmEngagements, crmLeads } from './crm.ts';
import { applications, candidates, employees, jobs } from './people.ts';

/*
 * Each category's vendor API as the sandbox serves it under SANDBOX_PREFIX/apps/<appId>: its list
 * endpoints (each with a detail endpoint, <path>/<id>) and how it pages, in the styles real vendors
 * use:
 * - page      HRIS         ?page=1&page_size=50        { employees: [...], pagination: { page, page_size, total, has_more } }
 * - pageLink  ATS          ?page=1&per_page=50         [...] with `Link: <...page=2...>; rel="next"` and `X-Total-Count`
 * - after     CRM          ?limit=50&after=<cursor>    { results: [...], paging: { next: { after, link } } } (no paging on the last page)
 * - cursor    ACCOUNTING, EXPENSES and every other category
 *                          ?limit=50&cursor=<cursor>   { data: [...], next_cursor, has_more }
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
  EXPENSES: { style: 'cursor', endpoints: [list('/v1/expenses', expenses), list('/v1/employees', accountingEmployees)] },
};

/** What one record of a category without its own API is. */
const GENERIC_KINDS: Partial<Record<Category, string>> = {
  COMMS: 'message', ASSESSMENT: 'assessment', TICKETING: 'ticket', MEETING: 'meeting', E_SIGN: 'envelope',
  EMAIL: 'email', STORAGE: 'file', CALENDAR: 'event', SUBSCRIPTION_MANAGEMENT: 'subscription',
};

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
