import { defineSessionHandler } from '../types.ts';
import { badRequest } from '../../errors.ts';
import { pageAccountRows } from '../../repositories/accountLists.ts';
import {
  type AccountFilters,
  accountsPerCategory,
  catalogLabels,
  enabledCategories,
  syncTypesOf,
  toAccountRow,
  toCategoryCounts,
} from '../../repositories/integratedAccounts.ts';

// The accounts screen: one keyset page of accounts newest first, the total and the pie chart
// under the same filters (the chart without the category filter, the total from the same counts), and the organisation's enabled
// categories and sync types for the filter bar and the magic-link form.
export const appGetIntegrationAccounts = defineSessionHandler('appGetIntegrationAccounts', async ({ query }, { db, caller, clock, config }) => {
  const orgId = caller.orgId;
  // An end beyond now is read as now; without an end nothing bounds the range from above.
  const to = query.end === undefined ? undefined : Math.min(query.end, clock.now());
  if (query.start !== undefined && to !== undefined && query.start > to) throw badRequest('Start date must be before end date', 'start');
  const filters: AccountFilters = {
    state: query.integrationState,
    category: query.category,
    appId: query.appId,
    originOrgId: query.originOrgId,
    from: query.start,
    to,
  };
  // Independent reads: on PostgreSQL they run on separate pooled connections at once.
  const [page, byCategory, categoryList, labels] = await Promise.all([
    pageAccountRows(db, orgId, filters, query),
    // Counted per category without the category filter: the pie chart as is, and the total under
    // every filter is that category's count or, without one, the sum.
    accountsPerCategory(db, orgId, filters),
    enabledCategories(db, orgId),
    catalogLabels(db),
  ]);
  const syncTypes = await syncTypesOf(db, categoryList.map((c) => c.value));
  const total = byCategory
    .filter((r) => filters.category === undefined || r.category === filters.category)
    .reduce((sum, r) => sum + r.count, 0);
  return {
    integrationCount: total,
    organizationDetails: page.items.map((row) => toAccountRow(row, labels, config.publicUrl)),
    categoryDetails: toCategoryCounts(byCategory),
    categoryList,
    syncTypes,
    hasMoreRecords: page.hasMore,
    nextCursor: page.nextCursor,
  };
});
