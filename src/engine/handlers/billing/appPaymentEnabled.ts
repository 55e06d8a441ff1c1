import { defineSessionHandler } from '../types.ts';
import { forbidden } from '../../errors.ts';
import { findOrganisation } from '../../repositories/organisations.ts';
import { paymentsAvailability } from '../../services/billing.ts';

export const appPaymentEnabled = defineSessionHandler('appPaymentEnabled', async (_input, { db, config, caller }) => {
  const org = await findOrganisation(db, caller.orgId);
  if (!org) throw forbidden();
  return paymentsAvailability(config, org);
});
