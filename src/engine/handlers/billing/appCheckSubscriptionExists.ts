import { defineHandler } from '../types.ts';
import { forbidden, notFound } from '../../errors.ts';
import { findOrganisation } from '../../repositories/organisations.ts';

export const appCheckSubscriptionExists = defineHandler('appCheckSubscriptionExists', async (_input, { db, caller }) => {
  if (caller.kind !== 'session') throw forbidden();
  const org = await findOrganisation(db, caller.orgId);
  if (!org) throw notFound('Organisation not found');
  return { subscriptionId: org.subscription_id };
});
