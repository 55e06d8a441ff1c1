import { integrationStateFilterLabels } from '../../../generated/labels.ts';
import { defineSessionHandler } from '../types.ts';
import { forbidden } from '../../errors.ts';
import { accountChoices, appsWithAccountCounts } from '../../repositories/accountLists.ts';
import { servedOrganizationNames } from '../../repositories/endCustomerOrgs.ts';
import { catalogLabels, enabledCategories, appLogoUrl, syncTypesOf } from '../../repositories/integratedAccounts.ts';
import type { Category } from '../../../shared/categories.ts';

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

// The state filter's choices and labels are the contract's (x-enum-labels of IntegrationStateFilter).
const STATE_CHOICES: Choice[] = Object.entries(integrationStateFilterLabels).map(([value, label]) => ({ value, label }));

const byLabel = (a: Choice, b: Choice) => a.label.localeCompare(b.label) || a.value.localeCompare(b.value);

// Filter choices that are data (apps, organisations, accounts), of the caller's organisation
// only. Billing contacts reach only the log routes, so only the logs page's choices.
export const appFiltersMetadata = defineSessionHandler('appFiltersMetadata', async ({ query }, { db, caller, config }) => {
  const pageId = query.pageId as PageId;
  if (caller.role === 'billingcontact' && pageId !== 'logs') throw forbidden('Your role (billingcontact) cannot do this');
  const orgId = caller.orgId;
  const wanted = new Set(LISTS[pageId]);
  const out = { pageId, categories: [] as Choice[], apps: [] as Choice[], organizations: [] as Choice[], integrations: [] as Choice[], integrationStates: [] as Choice[], syncTypes: [] as Choice[] };
  const categories = wanted.has('categories') || wanted.has('syncTypes') ? await enabledCategories(db, orgId) : [];
  if (wanted.has('categories')) out.categories = categories.map((c) => ({ value: c.value, label: c.label })).sort(byLabel);
  if (wanted.has('apps')) {
    const apps = await appsWithAccountCounts(db, orgId, { category: query.category, originOrgId: query.originOrgId });
    const labels = await catalogLabels(db);
    out.apps = apps.map((a) => {
      const logo = appLogoUrl(config.publicUrl, a.appId, labels.appLogos.get(a.appId));
      return { value: a.appId, label: a.appLabel, ...(logo ? { logo } : {}), category: a.category as Category, count: a.count };
    }).sort(byLabel);
  }
  if (wanted.has('organizations')) {
    const orgs = await servedOrganizationNames(db, orgId);
    out.organizations = orgs.map((o) => ({ value: o.origin_org_id, label: o.origin_org_name })).sort(byLabel);
  }
  if (wanted.has('integrations')) {
    const accounts = await accountChoices(db, orgId, query.originOrgId);
    out.integrations = accounts.map((a) => ({ value: a.id, label: `${a.origin_org_name} - ${a.app_label}` })).sort(byLabel);
  }
  if (wanted.has('integrationStates')) out.integrationStates = STATE_CHOICES;
  if (wanted.has('syncTypes')) {
    const scope = query.category ? categories.filter((c) => c.value === query.category) : categories;
    out.syncTypes = (await syncTypesOf(db, scope.map((c) => c.value))).map((s) => ({ value: s.value, label: s.label, category: s.category })).sort(byLabel);
  }
  return out;
});
