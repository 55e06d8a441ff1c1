import { defineSessionHandler } from '../types.ts';
import { accountsPerCategory, toCategoryCounts } from '../../repositories/integratedAccounts.ts';
import { INACTIVE_STATES } from '../../../shared/integrationStates.ts';
import { countServedOrganizations } from '../../repositories/endCustomerOrgs.ts';
import { countOpenIssues } from '../../repositories/issues.ts';
import { DAY_MS, startOfUtcDay } from '../../../shared/timeWindows.ts';
import { orgUsage } from '../../repositories/usage.ts';

// The home cards. API calls and webhooks of the last 30 days are sums of the daily counters (30
// rows per end customer at most, never the logs); accounts come from the trigger-kept counts.
export const appDashboard = defineSessionHandler('appDashboard', async (_input, { db, caller, clock }) => {
  const orgId = caller.orgId;
  const usage = await orgUsage(db, orgId, startOfUtcDay(clock.now() - 30 * DAY_MS));
  const byCategory = await accountsPerCategory(db, orgId, {}, { excludeStates: INACTIVE_STATES });
  const categoryDetails = toCategoryCounts(byCategory);
  const issues = await countOpenIssues(db, orgId);
  return {
    apiCalls: usage.apiCalls,
    webhooks: usage.eventsEmitted,
    integrations: {
      integrationsCount: Object.values(categoryDetails).reduce((sum, n) => sum + n, 0),
      categoryDetails,
    },
    issues,
    organizations: await countServedOrganizations(db, orgId),
  };
});
