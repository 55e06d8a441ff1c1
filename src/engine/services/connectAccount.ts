import type { Kysely } from 'kysely';
import type { Database, Row } from '../db/schema.ts';
import { newId } from '../db/ids.ts';
import { conflict, notFound } from '../errors.ts';
import { claimSession } from '../repositories/authSessions.ts';
import { unsupportedSyncTypes } from '../repositories/appCatalog.ts';
import { modelsOfCategory, subcategoriesOf } from '../repositories/catalog.ts';
import { settingsRow, storedSelection, type Selection } from '../repositories/categorySettings.ts';
import type { ConnectApp } from '../repositories/connectOffer.ts';
import { upsertEndCustomerOrg } from '../repositories/endCustomerOrgs.ts';
import { DEFAULT_TEST_ACCOUNT_EXPIRY_MS } from '../../shared/constants.ts';
import { isInactiveState } from '../../shared/integrationStates.ts';
import { applyDefaultPreset } from '../repositories/mappingPresets.ts';
import { insertAccountJobs, type NewAccountJob } from '../repositories/syncs.ts';
import { saveAccountTokens } from '../repositories/accountTokens.ts';
import { sealCredentials } from './accountCredentials.ts';

// Turns a finished magic-link session into an integrated account, all or nothing: claim the
// session, upsert the end customer's organisation, write (or, for a reintegration, restore) the
// account with its sync jobs and apply the app's default mapping preset; an OAuth sign-in's sealed
// tokens are written with it. A failure anywhere rolls all of it back, so the link stays usable
// and no account is half-written.
//
// Syncs of a new account follow its category's settings (the Fetch Data step): with syncs enabled
// it subscribes to the category's selected models (defaults included) of every data type its app
// supports, and gets one sync job per such data type. With automatic start the jobs are due at
// once (the initial sync), then run every 24 hours (STANDARD); with start on API trigger they wait,
// with no next run and awaiting_api_trigger set, until the customer's backend calls v1.0/sync.start
// for the account.

interface ConnectInput {
  session: Row<'auth_sessions'>;
  app: ConnectApp;
  category: string;
  /** The app's setup values, checked and trimmed; credentials, so they are stored sealed only. */
  values: Record<string, string>;
  /** The engine's secret, which the sealing key is derived from. */
  secret: string;
  now: number;
  /** The account's id when the session reserved none (an OAuth sign-in picks it before the account exists). */
  integrationId?: string;
  /** An OAuth sign-in's tokens, already sealed (services/accountAccess.ts), written with the account. */
  oauth?: { tokensSealed: string; accessExpiresAt: number };
}

const ACCOUNT_NOT_FOUND = 'Integrated account not found';
const ACCOUNT_INACTIVE = 'This account was deactivated and cannot be reconnected';

/** The account's auth data: the setup values sealed (services/accountCredentials.ts), never plain text. */
const sealedAuthData = (input: ConnectInput) => sealCredentials(input.app.id, input.values, input.secret);

export async function connectAccount(db: Kysely<Database>, input: ConnectInput): Promise<Row<'integrated_accounts'>> {
  const { session, app, now } = input;
  const doneBy = session.origin_user_email ?? session.origin_user_name;
  return db.transaction().execute(async (trx) => {
    await claimSession(trx, session.id, now);

    if (session.kind === 'reintegrate') {
      const account = await trx.selectFrom('integrated_accounts').selectAll()
        .where('org_id', '=', session.org_id).where('id', '=', session.integration_id ?? '').executeTakeFirst();
      if (!account) throw notFound(ACCOUNT_NOT_FOUND);
      if (isInactiveState(account.integration_state)) throw conflict(ACCOUNT_INACTIVE);
      await upsertEndCustomerOrg(trx, session.org_id, account.origin_org_id, account.origin_org_name, now);
      const restored = { integration_state: 'Success', error_description: null, auth_data_json: sealedAuthData(input), done_by: doneBy, updated_at: now };
      await trx.updateTable('integrated_accounts').set(restored).where('id', '=', account.id).execute();
      if (input.oauth) await saveAccountTokens(trx, { integrationId: account.id, appId: account.app_id, ...input.oauth }, now);
      return { ...account, ...restored };
    }

    const endCustomerOrgId = await upsertEndCustomerOrg(trx, session.org_id, session.origin_org_id, session.origin_org_name, now, 1);
    const settings = await settingsRow(trx, session.org_id, input.category);
    const syncing = settings?.sync_enabled === 1;
    const models = syncing ? await modelsOfCategory(trx, input.category) : [];
    const unsupported = syncing ? await unsupportedSyncTypes(trx, app.id) : [];
    const subscribed: Selection = syncing
      ? storedSelection(models, settings.sync_models_json).filter((s) => s.syncModels.length > 0 && !unsupported.includes(s.subCategory))
      : [];
    const account: Row<'integrated_accounts'> = {
      id: session.integration_id ?? input.integrationId ?? newId('int'),
      org_id: session.org_id,
      end_customer_org_id: endCustomerOrgId,
      origin_org_id: session.origin_org_id,
      origin_org_name: session.origin_org_name,
      user_passed_origin_org_id: session.origin_org_id,
      origin_user_email: session.origin_user_email,
      origin_user_name: session.origin_user_name,
      app_id: app.id,
      app_label: app.label,
      category: input.category,
      integration_state: 'Success',
      error_description: null,
      done_by: doneBy,
      test_account: session.test_account,
      expires_at: session.test_account === 1 ? DEFAULT_TEST_ACCOUNT_EXPIRY_MS : null,
      expired_at: null,
      deactivated_at: null,
      sync_paused: 0,
      sync_enabled: syncing ? 1 : 0,
      sync_frequency: 'STANDARD',
      frequency_rate: null,
      frequency_unit: null,
      show_custom_fields: session.show_custom_mapping,
      subscribed_models_json: JSON.stringify(subscribed),
      preset_id: null,
      auth_data_json: sealedAuthData(input),
      connector_id: app.connectorId,
      created_at: now,
      updated_at: now,
    };
    await trx.insertInto('integrated_accounts').values(account).execute();
    if (input.oauth) await saveAccountTokens(trx, { integrationId: account.id, appId: app.id, ...input.oauth }, now);
    const onApiTrigger = settings?.sync_on_api === 1;
    const labels = new Map(subcategoriesOf(models).map((s) => [s.value, s.label]));
    await insertAccountJobs(trx, subscribed.map((s): NewAccountJob => ({
      id: newId('job'),
      orgId: account.org_id,
      integrationId: account.id,
      originOrgId: account.origin_org_id,
      originOrgName: account.origin_org_name,
      integrationName: app.label,
      appId: app.id,
      appLabel: app.label,
      category: input.category,
      syncDataType: s.subCategory,
      syncDataTypeLabel: labels.get(s.subCategory) ?? s.subCategory,
      connectorId: app.connectorId ?? null,
      syncFrequency: account.sync_frequency,
      nextRunAt: onApiTrigger ? null : now,
      awaitingApiTrigger: onApiTrigger,
    })), now);
    const presetId = await applyDefaultPreset(trx, account, now);
    return { ...account, preset_id: presetId };
  });
}
