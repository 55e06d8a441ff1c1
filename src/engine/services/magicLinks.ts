import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { BodyOf } from '../contractTypes.ts';
import { badRequest, conflict, forbidden, notFound } from '../errors.ts';
import { newId } from '../db/ids.ts';
import { type CreatedLink, createLinkSession } from '../repositories/authSessions.ts';
import { liveConnectorsAmong } from '../repositories/connectors.ts';
import { enabledCategories, findAccountToReintegrate } from '../repositories/integratedAccounts.ts';
import { findOrganisation, orgMetaData } from '../repositories/organisations.ts';
import { hasFeatureFlag } from '../repositories/users.ts';
import { PLAN_FEATURE_MESSAGES } from '../../shared/planFeatures.ts';

// Magic links the dashboard creates for an end customer: an auth session for the end customer's
// organisation and user, and the id the integrated account gets when the end user connects an app
// through the link. The form's own rules are the contract's (validated before these run); the
// rules here need the database.

/** The dashboard user creating a link. */
export interface LinkCreator {
  orgId: string;
  userId: string;
}

interface LinkServices {
  db: Kysely<Database>;
  publicUrl: string;
  now: number;
}

/**
 * A magic link for a new integrated account. AI connectors need the ai_connectors flag, a language
 * other than English the plan's language options; the categories offered must be enabled and the
 * connectors live.
 */
export async function createMagicLink({ db, publicUrl, now }: LinkServices, who: LinkCreator, body: BodyOf<'appCreateMagicLinkV3'>): Promise<CreatedLink> {
  const connectorType = body.connectorType ?? 'unified-api-sync';
  const unified = connectorType !== 'ai-connectors';
  const ai = connectorType !== 'unified-api-sync';
  if (ai && !(await hasFeatureFlag(db, who.userId, 'ai_connectors'))) throw forbidden('This feature (ai_connectors) is not enabled for your account');

  const org = await findOrganisation(db, who.orgId);
  if (!org) throw forbidden();
  if (body.language !== 'en') {
    const meta = await orgMetaData(db, org);
    if (!meta.featureList.languageOptions) throw forbidden(PLAN_FEATURE_MESSAGES.languageOptions);
    if (!meta.languageOptions.some((o) => o.value === body.language)) throw badRequest('Language is not supported', 'language');
  }

  const categories = unified ? body.categories ?? [] : [];
  if (categories.length > 0) {
    const enabled = new Set((await enabledCategories(db, who.orgId)).map((c) => c.value));
    if (categories.some((c) => !enabled.has(c))) throw badRequest('Please enable categories from Getting Started', 'categories');
  }
  const connectorIds = ai ? body.connectorIds ?? [] : [];
  if (connectorIds.length > 0) {
    const live = await liveConnectorsAmong(db, who.orgId, connectorIds);
    if (live.length !== connectorIds.length) throw badRequest('Connector not found', 'connectorIds');
  }

  const showCustomMapping = body.showCustomMapping ?? true;
  return createLinkSession(db, publicUrl, {
    org_id: who.orgId,
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
    created_by_user_id: who.userId,
  }, now);
}

/**
 * A magic link that reconnects the same account (same integrationId) to the same app. Only a
 * Success account can be reintegrated; the link offers only the account's app.
 */
export async function createReintegrationLink(
  { db, publicUrl, now }: LinkServices,
  who: LinkCreator,
  body: BodyOf<'appCreateReIntegrateMagicLink'>,
): Promise<CreatedLink> {
  const account = await findAccountToReintegrate(db, who.orgId, { originOrgId: body.knitOriginOrgId, appId: body.appId, categories: body.categories });
  if (!account) throw notFound('Integrated account not found');
  if (account.integration_state !== 'Success') throw conflict('Only Success accounts can be reintegrated');
  // The link offers the account's own app only, whatever filters the row sent.
  const filters = [{ category: account.category, apps: [account.app_id] }];
  return createLinkSession(db, publicUrl, {
    org_id: who.orgId,
    kind: 'reintegrate',
    origin_org_id: account.origin_org_id,
    origin_org_name: body.originOrgName,
    origin_user_email: body.originUserEmail,
    origin_user_name: body.originUserName,
    test_account: (body.testAccount ?? account.test_account === 1) ? 1 : 0,
    sandbox: 0,
    show_custom_mapping: account.show_custom_fields,
    categories_json: JSON.stringify([account.category]),
    filters_json: JSON.stringify(filters),
    app_id: account.app_id,
    integration_id: account.id,
    created_by_user_id: who.userId,
  }, now);
}
