import { defineSessionHandler } from '../types.ts';
import { badRequest } from '../../errors.ts';
import { findOrganisation } from '../../repositories/organisations.ts';
import { customUiDetails, saveCustomUi } from '../../repositories/personalisation.ts';
import { hasFinishedUpload } from '../../repositories/uploads.ts';

// The plan feature is checked by the framework (x-plan-feature) and the form rules by the schema.
// The logo must be an upload of this organisation that passed the svg checks: a key is only ever
// marked uploaded by app.uploads/{key} after those checks, so anything else is refused.
export const appCustomUiDetailsSave = defineSessionHandler('appCustomUiDetailsSave', async ({ body }, { db, config, clock, caller }) => {
  const fromForm = body.orgLogo?.fileName;
  if (body.fileName !== undefined && fromForm !== undefined && body.fileName !== fromForm) {
    throw badRequest('fileName and orgLogo.fileName must name the same logo', 'fileName');
  }
  const logoKey = body.fileName !== undefined ? body.fileName : fromForm;
  if (logoKey && !(await hasFinishedUpload(db, caller.orgId, logoKey))) throw badRequest('Invalid svg!', 'fileName');
  await saveCustomUi(db, caller.orgId, {
    orgName: body.orgName, tncUrl: body.tncUrl, customPoints: body.customPoints, logoKey, publicUrl: config.publicUrl, now: clock.now(),
  });
  const org = (await findOrganisation(db, caller.orgId))!;
  return { message: 'Successfully saved the changes' as const, customUiDetails: await customUiDetails(db, org, config.publicUrl) };
});
