import { defineSessionHandler } from '../types.ts';
import { forbidden } from '../../errors.ts';
import { findOrganisation, updateOrganisationDetails } from '../../repositories/organisations.ts';
import { orgFieldChanges } from './orgFields.ts';

const ORG_SIZES = ['01-50', '51-100', '101-250', '251-1000', '1000+'] as const;
const GO_LIVE_PLANS = ['immediately', '30_days', '3_months', 'not_sure'] as const;
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

// Members may switch the default integration type; the organisation's own fields are the admin's.
// Existing accounts keep their type: only new accounts and magic links read the default.
export const userOrgDetailsUpdate = defineSessionHandler('userOrgDetailsUpdate', async ({ body }, { db, clock, caller }) => {
  const now = clock.now();
  const org = await findOrganisation(db, caller.orgId);
  if (!org) throw forbidden();
  const changes = {
    ...orgFieldChanges(org, caller.role, body),
    ...(body.defaultIntegrationType !== undefined ? { default_integration_type: body.defaultIntegrationType } : {}),
  };
  if (Object.keys(changes).length > 0) {
    await updateOrganisationDetails(db, caller.orgId, changes, now);
  }
  const saved = (await findOrganisation(db, caller.orgId))!;
  return {
    message: 'Successfully saved the changes' as const,
    orgId: saved.id,
    orgName: saved.name,
    orgSize: oneOf(ORG_SIZES, saved.size),
    goLivePlan: oneOf(GO_LIVE_PLANS, saved.go_live_plan),
    defaultIntegrationType: saved.default_integration_type === 'production' ? 'production' as const : 'test' as const,
  };
});
