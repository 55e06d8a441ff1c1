import { defineHandler } from '../types.ts';
import { forbidden } from '../../errors.ts';
import { countServedOrganizations, servedCount, servedOrganizations } from '../../repositories/endCustomerOrgs.ts';
import { type Category, catalogLabels, type IntegrationState, appLogoUrl } from '../../repositories/integratedAccounts.ts';
import { pageByNumber, startOfUtcDay, timeFilterStart } from '../../repositories/listPaging.ts';
import { usageByOriginOrg } from '../../repositories/usage.ts';

// The organizations table: served end-customer organisations newest first, keyset-paged on
// end_customer_orgs (org_id, created_at, id). Counters of the page's rows are the trigger-kept
// all-time totals, or for a period sums of usage_daily on (org_id, origin_org_id, day); their
// accounts one index range on (org_id, origin_org_id).
export const appGetOrganizations = defineHandler('appGetOrganizations', async ({ query }, { db, caller, clock, config }) => {
  if (caller.kind !== 'session') throw forbidden();
  const orgId = caller.orgId;
  const start = timeFilterStart(query.timeFilter, clock.now());
  // The served total (a scalar subquery) and the all-time counters (end_customer_usage_totals, by
  // primary key) come with the page: a page is two statements, the page and its accounts.
  const page = await pageByNumber(
    servedOrganizations(db, orgId)
      .leftJoin('end_customer_usage_totals as t', (join) => join.onRef('t.org_id', '=', 'e.org_id').onRef('t.origin_org_id', '=', 'e.origin_org_id'))
      .select(['e.id', 'e.origin_org_id', 'e.origin_org_name', 'e.created_at', servedCount(db, orgId).as('served_count'),
        't.api_calls', 't.events_emitted', 't.events_consumed', 't.issues']),
    query,
    { ts: 'e.created_at', id: 'e.id', idKind: 'text' },
  );
  const originIds = page.items.map((r) => r.origin_org_id);
  // Independent reads: on PostgreSQL they run on separate pooled connections at once.
  const [periodUsage, accountRows, orgCount, labels] = await Promise.all([
    start === undefined ? undefined : usageByOriginOrg(db, orgId, originIds, startOfUtcDay(start)),
    originIds.length === 0 ? [] : db
      .selectFrom('integrated_accounts')
      .select(['id', 'origin_org_id', 'app_id', 'app_label', 'category', 'integration_state', 'created_at'])
      .where('org_id', '=', orgId)
      .where('origin_org_id', 'in', originIds)
      .execute(),
    page.items.length > 0 ? Number(page.items[0]!.served_count ?? 0) : countServedOrganizations(db, orgId),
    catalogLabels(db),
  ]);
  // Sorted here, not in SQL: an ORDER BY would tempt the planner to walk every account of the
  // organisation in created_at order instead of seeking the page's end customers.
  const accounts = accountRows.sort((x, y) => y.created_at - x.created_at || (y.id < x.id ? -1 : 1));
  const usage = periodUsage ?? new Map(page.items.map((r) => [r.origin_org_id, {
    apiCalls: Number(r.api_calls ?? 0),
    eventsEmitted: Number(r.events_emitted ?? 0),
    eventsConsumed: Number(r.events_consumed ?? 0),
    issues: Number(r.issues ?? 0),
  }]));
  return {
    orgCount,
    hasMoreRecords: page.hasMore,
    nextCursor: page.nextCursor,
    organizationDetails: page.items.map((row) => {
      const counters = usage.get(row.origin_org_id);
      return {
        organization: row.origin_org_name,
        orgId: row.origin_org_id,
        integratedAccounts: accounts.filter((a) => a.origin_org_id === row.origin_org_id).map((a) => {
          const appLogo = appLogoUrl(config.publicUrl, a.app_id, labels.appLogos.get(a.app_id));
          return {
            integrationId: a.id,
            appId: a.app_id,
            appLabel: a.app_label,
            ...(appLogo ? { appLogo } : {}),
            category: a.category as Category,
            integrationState: a.integration_state as IntegrationState,
          };
        }),
        apiCalls: counters?.apiCalls ?? 0,
        eventsEmitted: counters?.eventsEmitted ?? 0,
        eventsConsumed: counters?.eventsConsumed ?? 0,
        issues: counters?.issues ?? 0,
      };
    }),
  };
});
