import { defineSessionHandler } from '../types.ts';
import { countServedOrganizations, pageServedOrganizations } from '../../repositories/endCustomerOrgs.ts';
import { catalogLabels, appLogoUrl } from '../../repositories/integratedAccounts.ts';
import { startOfUtcDay, timeFilterStart } from '../../../shared/timeWindows.ts';
import { usageByOriginOrg } from '../../repositories/usage.ts';
import { accountsOfPage } from '../../repositories/organizationAccounts.ts';

// The organizations table: served end-customer organisations newest first, keyset-paged on
// end_customer_orgs (org_id, created_at, id). Counters of the page's rows are the trigger-kept
// all-time totals, or for a period sums of usage_daily on (org_id, origin_org_id, day); their
// accounts one index range on (org_id, origin_org_id) each (repositories/organizationAccounts.ts).
export const appGetOrganizations = defineSessionHandler('appGetOrganizations', async ({ query }, { db, caller, clock, config }) => {
  const orgId = caller.orgId;
  const start = timeFilterStart(query.timeFilter, clock.now());
  // The served total, the all-time counters and on PostgreSQL each row's accounts come with the page.
  const page = await pageServedOrganizations(db, orgId, query);
  const originIds = page.items.map((r) => r.origin_org_id);
  // Independent reads: on PostgreSQL they run on separate pooled connections at once.
  const [periodUsage, accounts, orgCount, labels] = await Promise.all([
    start === undefined ? undefined : usageByOriginOrg(db, orgId, originIds, startOfUtcDay(start)),
    accountsOfPage(db, orgId, page.items),
    page.items.length > 0 ? Number(page.items[0]!.served_count ?? 0) : countServedOrganizations(db, orgId),
    catalogLabels(db),
  ]);
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
        integratedAccounts: (accounts.get(row.origin_org_id) ?? []).map(({ id, appId, appLabel, category, integrationState }) => {
          const appLogo = appLogoUrl(config.publicUrl, appId, labels.appLogos.get(appId));
          return { integrationId: id, appId, appLabel, ...(appLogo ? { appLogo } : {}), category, integrationState };
        }),
        apiCalls: counters?.apiCalls ?? 0,
        eventsEmitted: counters?.eventsEmitted ?? 0,
        eventsConsumed: counters?.eventsConsumed ?? 0,
        issues: counters?.issues ?? 0,
      };
    }),
  };
});
