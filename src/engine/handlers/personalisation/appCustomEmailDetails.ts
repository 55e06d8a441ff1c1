import { defineSessionHandler } from '../types.ts';
import { forbidden } from '../../errors.ts';
import { findOrganisation } from '../../repositories/organisations.ts';
import { customEmailDetails } from '../../repositories/personalisation.ts';

export const appCustomEmailDetails = defineSessionHandler('appCustomEmailDetails', async (_input, { db, caller }) => {
  const org = await findOrganisation(db, caller.orgId);
  if (!org) throw forbidden();
  return customEmailDetails(db, org);
});
