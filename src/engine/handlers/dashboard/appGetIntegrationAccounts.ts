import { sql } from 'kysely';
import { defineHandler } from '../types.ts';
import { badRequest, forbidden } from '../../errors.ts';
import {
  type AccountFilters,
  applyAccountFilters,
  catalogLabels,
  enabledCategories,
  syncTypesOf,
  toAccountRow,
  toCategoryCounts,
} from '../../repositories/integratedAccounts.ts';
import { pageByNumber } from '../../repositories/listPaging.ts';

// The accounts screen: one keyset page of accounts newest first, the total and the pie chart
// under the same filters (the chart without the category filter), and the organisation's enabled
// categories and sync types for the filter bar and the magic-link form.
export const appGetIntegrationAccounts = defineHandler('appGetIntegrationAccounts', async ({ query }, { db, caller, clock }) => {
  if (caller.kind !== 'session') throw forbidden();
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
  const page = await pageByNumber(
    applyAccountFilters(db.selectFrom('integrated_accounts').selectAll(), orgId, filters),
    query,
    { ts: 'created_at', id: 'id', idKind: 'text' },
  );
  const total = await applyAccountFilters(db.selectFrom('integrated_accounts').select(sql<number>`count(*)`.as('count')), orgId, filters)
    .executeTakeFirst();
  const byCategory = await applyAccountFilters(
    db.selectFrom('integrated_accounts').select(['category', sql<number>`count(*)`.as('count')]),
    orgId,
    filters,
    { category: false },
  ).groupBy('category').execute();
  const labels = await catalogLabels(db, page.items.map((r) => r.app_id));
  const categoryList = await enabledCategories(db, orgId);
  return {
    integrationCount: Number(total?.count ?? 0),
    organizationDetails: page.items.map((row) => toAccountRow(row, labels)),
    categoryDetails: toCategoryCounts(byCategory),
    categoryList,
    syncTypes: await syncTypesOf(db, categoryList.map((c) => c.value)),
    hasMoreRecords: page.hasMore,
    nextCursor: page.nextCursor,
  };
});
