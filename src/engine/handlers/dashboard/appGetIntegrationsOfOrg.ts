import { defineSessionHandler } from '../types.ts';
import { notFound } from '../../errors.ts';
import { accountsOfEndCustomer } from '../../repositories/accountLists.ts';
import { catalogLabels, appLogoUrl } from '../../repositories/integratedAccounts.ts';
import type { Category } from '../../../shared/categories.ts';
import type { IntegrationState } from '../../../shared/integrationStates.ts';
import { startOfUtcDay, timeFilterStart } from '../../../shared/timeWindows.ts';

// The integrations of one end-customer organisation. An organisation has a handful of accounts,
// so the list is whole (no paging) and sorted in memory by the period's API calls.
export const appGetIntegrationsOfOrg = defineSessionHandler('appGetIntegrationsOfOrg', async ({ query }, { db, caller, clock, config }) => {
  const orgId = caller.orgId;
  const start = timeFilterStart(query.timeFilter, clock.now());
  const [{ accounts, usage }, labels] = await Promise.all([
    accountsOfEndCustomer(db, orgId, query.orgId, start === undefined ? undefined : startOfUtcDay(start)),
    catalogLabels(db),
  ]);
  if (accounts.length === 0) throw notFound('Organization not found');
  const rows = accounts.map((a) => {
    const counters = usage.get(a.id);
    const appLogo = appLogoUrl(config.publicUrl, a.app_id, labels.appLogos.get(a.app_id));
    return {
      organization: a.origin_org_name,
      appId: a.app_id,
      appLabel: a.app_label,
      ...(appLogo ? { appLogo } : {}),
      category: a.category as Category,
      integrationId: a.id,
      integrationState: a.integration_state as IntegrationState,
      apiCalls: counters?.apiCalls ?? 0,
      eventsEmitted: counters?.eventsEmitted ?? 0,
      eventsConsumed: counters?.eventsConsumed ?? 0,
    };
  });
  // Most API calls first; the sort is stable, so equal counts keep newest-first order.
  rows.sort((x, y) => y.apiCalls - x.apiCalls);
  return { orgIntCount: rows.length, organizationDetails: rows };
});
