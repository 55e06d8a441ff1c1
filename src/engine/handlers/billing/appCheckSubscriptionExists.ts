import { defineSessionHandler } from '../types.ts';
import { notFound } from '../../errors.ts';
import { findOrganisation } from '../../repositories/organisations.ts';

export const appCheckSubscriptionExists = defineSessionHandler('appCheckSubscriptionExists', async (_input, { db, caller }) => {
  const org = await findOrganisation(db, caller.orgId);
  if (!org) throw notFound('Organisation not found');
  return { subscriptionId: org.subscription_id };
});
