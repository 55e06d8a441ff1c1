import { defineSessionHandler } from '../types.ts';
import { findOrganisation } from '../../repositories/organisations.ts';
import { listPlans } from '../../repositories/billingPlans.ts';
import { comparePlans, toBillingPlan } from '../../services/billing.ts';

// Every plan of the plans table (a small fixed list), marking the organisation's current one.
export const appPaymentPlans = defineSessionHandler('appPaymentPlans', async (_input, { db, caller }) => {
  const org = await findOrganisation(db, caller.orgId);
  const currentPlanId = org?.plan_id ?? null;
  const rows = await listPlans(db);
  const plans = rows.map((row) => toBillingPlan(row, currentPlanId)).sort(comparePlans);
  return { plans, currentPlanId };
});
