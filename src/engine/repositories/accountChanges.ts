import type { Kysely, Transaction } from 'kysely';
import type { Database, RowUpdate } from '../db/schema.ts';
import { DEFAULT_TEST_ACCOUNT_EXPIRY_MS } from '../../shared/constants.ts';
import { INACTIVE_STATES } from '../../shared/integrationStates.ts';
import type { SubCategoryModels } from './subscribedModels.ts';

// What the actions menu of an integrated account changes on the account row. Each change names
// the organisation too, so an id of another organisation changes nothing. Their sync jobs follow
// in repositories/syncs.ts.
type Db = Kysely<Database> | Transaction<Database>;

interface SyncFrequency {
  syncFrequency: string;
  frequencyRate: number | null;
  frequencyUnit: string | null;
}

function updateAccount(db: Db, orgId: string, integrationId: string, values: RowUpdate<'integrated_accounts'>) {
  return db.updateTable('integrated_accounts').set(values).where('id', '=', integrationId).where('org_id', '=', orgId);
}

export async function setSyncPaused(db: Db, orgId: string, integrationId: string, paused: boolean, now: number): Promise<void> {
  await updateAccount(db, orgId, integrationId, { sync_paused: paused ? 1 : 0, updated_at: now }).execute();
}

/** A test account expires at the fixed default instant; a production account never does. */
export async function setTestAccount(db: Db, orgId: string, integrationId: string, test: boolean, now: number): Promise<void> {
  await updateAccount(db, orgId, integrationId, { test_account: test ? 1 : 0, expires_at: test ? DEFAULT_TEST_ACCOUNT_EXPIRY_MS : null, updated_at: now }).execute();
}

export async function setSubscribedModels(db: Db, orgId: string, integrationId: string, models: SubCategoryModels[], now: number): Promise<void> {
  await updateAccount(db, orgId, integrationId, { subscribed_models_json: JSON.stringify(models), updated_at: now }).execute();
}

export async function setSyncFrequency(db: Db, orgId: string, integrationId: string, frequency: SyncFrequency, now: number): Promise<void> {
  await updateAccount(db, orgId, integrationId, {
    sync_frequency: frequency.syncFrequency, frequency_rate: frequency.frequencyRate, frequency_unit: frequency.frequencyUnit, updated_at: now,
  }).execute();
}

/**
 * Deactivates the account only while it is still in `state` (the state the dashboard showed): the
 * check and the change are one statement. false when the account had changed.
 */
export async function deactivateAccountInState(db: Db, orgId: string, integrationId: string, state: string, now: number): Promise<boolean> {
  const result = await updateAccount(db, orgId, integrationId, { integration_state: 'Deactivated', deactivated_at: now, updated_at: now })
    .where('integration_state', '=', state)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Puts an active account in Error with the reason shown on the accounts screen (an app refused its
 * credentials). Deactivated and expired accounts stay as they are.
 */
export async function markAccountError(db: Db, orgId: string, integrationId: string, description: string, now: number): Promise<void> {
  await updateAccount(db, orgId, integrationId, { integration_state: 'Error', error_description: description, updated_at: now })
    .where('integration_state', 'not in', INACTIVE_STATES)
    .execute();
}
