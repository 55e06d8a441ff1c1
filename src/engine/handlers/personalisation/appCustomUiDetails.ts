import { defineSessionHandler } from '../types.ts';
import { forbidden } from '../../errors.ts';
import { findOrganisation } from '../../repositories/organisations.ts';
import { customUiDetails } from '../../repositories/personalisation.ts';

// Readable on every plan, so the page shows the current state and whether saving is allowed.
export const appCustomUiDetails = defineSessionHandler('appCustomUiDetails', async (_input, { db, config, caller }) => {
  const org = await findOrganisation(db, caller.orgId);
  if (!org) throw forbidden();
  return customUiDetails(db, org, config.publicUrl);
});
