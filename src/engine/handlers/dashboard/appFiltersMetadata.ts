import { sql } from 'kysely';
import { defineHandler } from '../types.ts';
import { forbidden } from '../../errors.ts';
import { servedOrganizations } from '../../repositories/endCustomerOrgs.ts';
import { type Category, catalogLabels, enabledCategories, appLogoUrl, syncTypesOf } from '../../repositories/integratedAccounts.ts';

type Choice = { value: string; label: string; logo?: string; category?: Category; count?: number };
type PageId = 'organizations' | 'accounts' | 'syncs' | 'logs' | 'issues';

// Which lists each page's filter bar uses; the others come back empty.
const LISTS: Record<PageId, ('categories' | 'apps' | 'organizations' | 'integrations' | 'integrationStates' | 'syncTypes')[]> = {
  organizations: [],
  accounts: ['categories', 'apps', 'organizations', 'integrationStates'],
  syncs: ['organizations', 'integrations', 'syncTypes'],
  logs: ['categories', 'organizations'],
  issues: ['categories', 'organizations', 'apps'],
};

const STATE_CHOICES: Choice[] = [
  { value: 'all', label: 'All' },
  { value: 'success', label: 'Success' },
  { value: 'error', label: 'Error' },
  { value: 'email_sent', label: 'Email sent' },
  { value: 'in_validation', label: 'Under validation' },
  { value: 'deactivated', label: 'Deactivated' },
  { value: 'expired', label: 'Expired' },
];

const byLabel = (a: Choice, b: Choice) => a.label.localeCompare(b.label) || a.value.localeCompare(b.value);

// Filter choices that are data (apps, organisations, accounts), of the caller's organisation
// only. Billing contacts reach only the log routes, so only the logs page's choices.
export const appFiltersMetadata = defineHandler('appFiltersMetadata', async ({ query }, { db, caller, config }) => {
  if (caller.kind !== 'session') throw forbidden();
  const pageId = query.pageId as PageId;
  if (caller.role === 'billingcontact' && pageId !== 'logs') throw forbidden('Your role (billingcontact) cannot do this');
  const orgId = caller.orgId;
  const wanted = new Set(LISTS[pageId]);
  const out = { pageId, categories: [] as Choice[], apps: [] as Choice[], organizations: [] as Choice[], integrations: [] as Choice[], integrationStates: [] as Choice[], syncTypes: [] as Choice[] };
  const categories = wanted.has('categories') || wanted.has('syncTypes') ? await enabledCategories(db, orgId) : [];
  if (wanted.has('categories')) out.categories = categories.map((c) => ({ value: c.value, label: c.label })).sort(byLabel);
  if (wanted.has('apps')) {
    const apps = await db
      .selectFrom('integrated_accounts')
      .select(['app_id', 'app_label', 'category', sql<number>`count(*)`.as('count')])
      .where('org_id', '=', orgId)
      .$if(query.category !== undefined, (q) => q.where('category', '=', query.category!))
      .$if(query.originOrgId !== undefined, (q) => q.where('origin_org_id', '=', query.originOrgId!))
      .groupBy(['app_id', 'app_label', 'category'])
      .execute();
    const labels = await catalogLabels(db);
    out.apps = apps.map((a) => {
      const logo = appLogoUrl(config.publicUrl, a.app_id, labels.appLogos.get(a.app_id));
      return { value: a.app_id, label: a.app_label, ...(logo ? { logo } : {}), category: a.category as Category, count: Number(a.count) };
    }).sort(byLabel);
  }
  if (wanted.has('organizations')) {
    const orgs = await servedOrganizations(db, orgId).select(['e.origin_org_id', 'e.origin_org_name']).execute();
    out.organizations = orgs.map((o) => ({ value: o.origin_org_id, label: o.origin_org_name })).sort(byLabel);
  }
  if (wanted.has('integrations')) {
    const accounts = await db
      .selectFrom('integrated_accounts')
      .select(['id', 'origin_org_name', 'app_label'])
      .where('org_id', '=', orgId)
      .$if(query.originOrgId !== undefined, (q) => q.where('origin_org_id', '=', query.originOrgId!))
      .execute();
    out.integrations = accounts.map((a) => ({ value: a.id, label: `${a.origin_org_name} - ${a.app_label}` })).sort(byLabel);
  }
  if (wanted.has('integrationStates')) out.integrationStates = STATE_CHOICES;
  if (wanted.has('syncTypes')) {
    const scope = query.category ? categories.filter((c) => c.value === query.category) : categories;
    out.syncTypes = (await syncTypesOf(db, scope.map((c) => c.value))).map((s) => ({ value: s.value, label: s.label, category: s.category })).sort(byLabel);
  }
  return out;
});
