import { defineHandler } from '../types.ts';
import { forbidden } from '../../errors.ts';
import { findOrganisation } from '../../repositories/organisations.ts';
import { customEmailDetails } from '../../repositories/personalisation.ts';

export const appCustomEmailDetails = defineHandler('appCustomEmailDetails', async (_input, { db, caller }) => {
  if (caller.kind !== 'session') throw forbidden();
  const org = await findOrganisation(db, caller.orgId);
  if (!org) throw forbidden();
  return customEmailDetails(db, org);
});
