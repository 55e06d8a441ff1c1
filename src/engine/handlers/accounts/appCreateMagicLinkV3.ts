import { defineHandler } from '../types.ts';
import { badRequest, forbidden } from '../../errors.ts';
import { newId } from '../../db/ids.ts';
import { createLinkSession } from '../../repositories/authSessions.ts';
import { enabledCategories } from '../../repositories/integratedAccounts.ts';
import { findOrganisation, orgMetaData } from '../../repositories/organisations.ts';
import { hasFeatureFlag } from '../../repositories/users.ts';

const LANGUAGE_PLAN_MESSAGE = "Language options aren't available under the current plan. Please contact support to enable this feature.";

// Create Magic Link: an auth session for the end customer's organisation and user, and the id
// the integrated account will get when the end user connects an app through the link. The form's
// own rules are the contract's (validated before this runs); the rules below need the database.
export const appCreateMagicLinkV3 = defineHandler('appCreateMagicLinkV3', async ({ body }, { db, caller, clock, config }) => {
  if (caller.kind !== 'session') throw forbidden();
  const now = clock.now();
  const connectorType = body.connectorType ?? 'unified-api-sync';
  const unified = connectorType !== 'ai-connectors';
  const ai = connectorType !== 'unified-api-sync';
  if (ai && !(await hasFeatureFlag(db, caller.userId, 'ai_connectors'))) throw forbidden('This feature (ai_connectors) is not enabled for your account');

  const org = await findOrganisation(db, caller.orgId);
  if (!org) throw forbidden();
  if (body.language !== 'en') {
    const meta = await orgMetaData(db, org);
    if (!meta.featureList.languageOptions) throw forbidden(LANGUAGE_PLAN_MESSAGE);
    if (!meta.languageOptions.some((o) => o.value === body.language)) throw badRequest('Language is not supported', 'language');
  }

  const categories = unified ? body.categories ?? [] : [];
  if (categories.length > 0) {
    const enabled = new Set((await enabledCategories(db, caller.orgId)).map((c) => c.value));
    if (categories.some((c) => !enabled.has(c))) throw badRequest('Please enable categories from Getting Started', 'categories');
  }
  const connectorIds = ai ? body.connectorIds ?? [] : [];
  if (connectorIds.length > 0) {
    const live = await db.selectFrom('connectors').select('id').where('org_id', '=', caller.orgId)
      .where('id', 'in', connectorIds).where('status', '=', 'live').execute();
    if (live.length !== connectorIds.length) throw badRequest('Connector not found', 'connectorIds');
  }

  const showCustomMapping = body.showCustomMapping ?? true;
  const created = await createLinkSession(db, config.publicUrl, {
    org_id: caller.orgId,
    kind: 'magic_link',
    origin_org_id: body.originOrgId,
    origin_org_name: body.originOrgName,
    origin_user_email: body.originUserEmail,
    origin_user_name: body.originUserName,
    test_account: body.testAccount ? 1 : 0,
    sandbox: 0,
    show_scope_control: body.showScopeControl ? 1 : 0,
    show_custom_mapping: showCustomMapping ? 1 : 0,
    custom_mapping_required: showCustomMapping && body.customMappingRequired ? 1 : 0,
    connector_type: connectorType,
    categories_json: JSON.stringify(categories),
    connector_ids_json: JSON.stringify(connectorIds),
    language: body.language,
    integration_id: newId('int'),
    created_by_user_id: caller.userId,
  }, now);
  return { link: created.link, integrationId: created.integrationId };
});
