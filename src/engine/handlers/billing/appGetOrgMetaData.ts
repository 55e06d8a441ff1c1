import { defineSessionHandler } from '../types.ts';
import { notFound } from '../../errors.ts';
import { findOrganisation, orgMetaData } from '../../repositories/organisations.ts';

export const appGetOrgMetaData = defineSessionHandler('appGetOrgMetaData', async (_input, { db, caller }) => {
  const org = await findOrganisation(db, caller.orgId);
  if (!org) throw notFound('Organisation not found');
  return { orgMetaData: await orgMetaData(db, org) };
});
