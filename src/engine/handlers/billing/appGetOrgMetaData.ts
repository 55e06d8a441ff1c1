import { defineHandler } from '../types.ts';
import { forbidden, notFound } from '../../errors.ts';
import { findOrganisation, orgMetaData } from '../../repositories/organisations.ts';

export const appGetOrgMetaData = defineHandler('appGetOrgMetaData', async (_input, { db, caller }) => {
  if (caller.kind !== 'session') throw forbidden();
  const org = await findOrganisation(db, caller.orgId);
  if (!org) throw notFound('Organisation not found');
  return { orgMetaData: await orgMetaData(db, org) };
});
