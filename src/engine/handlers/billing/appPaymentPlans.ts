import { defineHandler } from '../types.ts';
import { forbidden } from '../../errors.ts';
import { findOrganisation } from '../../repositories/organisations.ts';
import { comparePlans, toBillingPlan } from '../../services/billing.ts';

// Every plan of the plans table (a small fixed list), marking the organisation's current one.
export const appPaymentPlans = defineHandler('appPaymentPlans', async (_input, { db, caller }) => {
  if (caller.kind !== 'session') throw forbidden();
  const org = await findOrganisation(db, caller.orgId);
  const currentPlanId = org?.plan_id ?? null;
  const rows = await db.selectFrom('plans').selectAll().orderBy('position').orderBy('id').execute();
  const plans = rows.map((row) => toBillingPlan(row, currentPlanId)).sort(comparePlans);
  return { plans, currentPlanId };
});
