import type { RowUpdate } from '../../db/schema.ts';
import { defineHandler, type BodyOf } from '../types.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import { PLAN_FEATURE_MESSAGES } from '../../services/access.ts';
import { DEFAULT_TEST_EXPIRY_MS, findAccountByKey, INACTIVE_STATES, type IntegrationState } from '../../repositories/integratedAccounts.ts';
import { parseSubscribed, replaceSubscribedModels } from '../../repositories/subscribedModels.ts';
import { pauseAccountJobs, restartAccountJobs, setAccountJobsFrequency, stopAccountJobs } from '../../repositories/syncs.ts';

type Action = BodyOf<'appIntegratedAccountOptionsAction'>['action'];

const SUCCESS: Record<Action, string> = {
  restartSync: 'Sync restarted successfully',
  pauseSync: 'Sync paused successfully',
  markTestAccount: 'Account marked as test account',
  markProdAccount: 'Account marked as production account',
  subscribedDataModels: 'Subscribed data models updated successfully',
  syncFrequency: 'Sync frequency updated successfully',
  deactivate: 'Integration deactivated successfully',
};

const NEEDS_SYNC: Action[] = ['restartSync', 'pauseSync', 'subscribedDataModels', 'syncFrequency'];
const HIDDEN_WHILE_PAUSED: Action[] = ['pauseSync', 'subscribedDataModels', 'syncFrequency'];

// The actions menu of an integrated account. The rules that shape the menu are enforced here, so
// a stale menu (another tab, another user) gets a 409 with the reason instead of a silent change.
export const appIntegratedAccountOptionsAction = defineHandler('appIntegratedAccountOptionsAction', async ({ body }, { db, caller, clock }) => {
  if (caller.kind !== 'session') throw forbidden();
  const now = clock.now();
  const account = await findAccountByKey(db, caller.orgId, body);
  if (!account) throw notFound('Integrated account not found');
  const action = body.action;
  if (INACTIVE_STATES.includes(account.integration_state as IntegrationState)) throw conflict('No actions are available for this account');
  if (action === 'syncFrequency') {
    const org = await db.selectFrom('organisations').select('feature_dynamic_sync_frequency').where('id', '=', caller.orgId).executeTakeFirst();
    if (org?.feature_dynamic_sync_frequency !== 1) throw forbidden(PLAN_FEATURE_MESSAGES.dynamicSyncFrequency);
  }
  if (NEEDS_SYNC.includes(action) && account.sync_enabled !== 1) throw conflict('Syncs are not enabled for this account');
  if (HIDDEN_WHILE_PAUSED.includes(action) && account.sync_paused === 1) throw conflict('Not available while the sync is paused');
  if (action === 'markTestAccount' && account.test_account === 1) throw conflict('The account is already a test account');
  if (action === 'markProdAccount' && account.test_account === 0) throw conflict('The account is already a production account');

  await db.transaction().execute(async (trx) => {
    const update = (values: RowUpdate<'integrated_accounts'>) =>
      trx.updateTable('integrated_accounts').set(values).where('id', '=', account.id).where('org_id', '=', caller.orgId);
    switch (action) {
      case 'restartSync':
        await update({ sync_paused: 0, updated_at: now }).execute();
        await restartAccountJobs(trx, account.id, now);
        break;
      case 'pauseSync':
        await update({ sync_paused: 1, updated_at: now }).execute();
        await pauseAccountJobs(trx, account.id, now);
        break;
      case 'markTestAccount':
        await update({ test_account: 1, expires_at: DEFAULT_TEST_EXPIRY_MS, updated_at: now }).execute();
        break;
      case 'markProdAccount':
        await update({ test_account: 0, expires_at: null, updated_at: now }).execute();
        break;
      case 'subscribedDataModels': {
        const next = await replaceSubscribedModels(trx, account.category, parseSubscribed(account.subscribed_models_json), body.syncModels ?? []);
        await update({ subscribed_models_json: JSON.stringify(next), updated_at: now }).execute();
        break;
      }
      case 'syncFrequency': {
        const custom = body.syncFrequency === 'custom';
        const frequency = { syncFrequency: body.syncFrequency!, frequencyRate: custom ? body.frequencyRate! : null, frequencyUnit: custom ? body.frequencyUnit! : null };
        await update({ sync_frequency: frequency.syncFrequency, frequency_rate: frequency.frequencyRate, frequency_unit: frequency.frequencyUnit, updated_at: now }).execute();
        await setAccountJobsFrequency(trx, account.id, frequency, now);
        break;
      }
      case 'deactivate': {
        // The state the dashboard showed must still be the state: the check and the change are one statement.
        const result = await update({ integration_state: 'Deactivated', deactivated_at: now, updated_at: now })
          .where('integration_state', '=', body.integrationState!)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) throw conflict('The account has changed, please reload and try again');
        await stopAccountJobs(trx, account.id, now);
        break;
      }
    }
  });
  return SUCCESS[action];
});
