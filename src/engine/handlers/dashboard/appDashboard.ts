import { sql } from 'kysely';
import { defineHandler } from '../types.ts';
import { forbidden } from '../../errors.ts';
import { accountsPerCategory, INACTIVE_STATES, toCategoryCounts } from '../../repositories/integratedAccounts.ts';
import { countServedOrganizations } from '../../repositories/endCustomerOrgs.ts';
import { DAY_MS, startOfUtcDay } from '../../repositories/listPaging.ts';
import { orgUsage } from '../../repositories/usage.ts';

// The home cards. API calls and webhooks of the last 30 days are sums of the daily counters (30
// rows per end customer at most, never the logs); accounts come from the trigger-kept counts.
export const appDashboard = defineHandler('appDashboard', async (_input, { db, caller, clock }) => {
  if (caller.kind !== 'session') throw forbidden();
  const orgId = caller.orgId;
  const usage = await orgUsage(db, orgId, startOfUtcDay(clock.now() - 30 * DAY_MS));
  const byCategory = await accountsPerCategory(db, orgId, {}, { excludeStates: INACTIVE_STATES });
  const categoryDetails = toCategoryCounts(byCategory);
  const open = await db
    .selectFrom('issues')
    .select(sql<number>`count(*)`.as('count'))
    .where('org_id', '=', orgId)
    .where('resolved_at', 'is', null)
    .executeTakeFirst();
  return {
    apiCalls: usage.apiCalls,
    webhooks: usage.eventsEmitted,
    integrations: {
      integrationsCount: Object.values(categoryDetails).reduce((sum, n) => sum + n, 0),
      categoryDetails,
    },
    issues: Number(open?.count ?? 0),
    organizations: await countServedOrganizations(db, orgId),
  };
});
