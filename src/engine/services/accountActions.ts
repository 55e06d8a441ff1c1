import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { BodyOf } from '../contractTypes.ts';
import { conflict, forbidden, notFound } from '../errors.ts';
import { PLAN_FEATURE_MESSAGES } from '../../shared/planFeatures.ts';
import { findAccountByKey } from '../repositories/integratedAccounts.ts';
import { isInactiveState } from '../../shared/integrationStates.ts';
import { deactivateAccountInState, setSubscribedModels, setSyncFrequency, setSyncPaused, setTestAccount } from '../repositories/accountChanges.ts';
import { hasPlanFeature } from '../repositories/organisations.ts';
import { parseSubscribed, replaceSubscribedModels } from '../repositories/subscribedModels.ts';
import { pauseAccountJobs, restartAccountJobs, setAccountJobsFrequency, stopAccountJobs } from '../repositories/syncs.ts';

// The actions menu of an integrated account. The rules that shape the menu are enforced here, so
// a stale menu (another tab, another user) gets a 409 with the reason instead of a silent change;
// an action's changes to the account and its sync jobs are one transaction.
type AccountActionRequest = BodyOf<'appIntegratedAccountOptionsAction'>;
export type AccountAction = AccountActionRequest['action'];

const NEEDS_SYNC: AccountAction[] = ['restartSync', 'pauseSync', 'subscribedDataModels', 'syncFrequency'];
const HIDDEN_WHILE_PAUSED: AccountAction[] = ['pauseSync', 'subscribedDataModels', 'syncFrequency'];

export async function runAccountAction(db: Kysely<Database>, orgId: string, request: AccountActionRequest, now: number): Promise<void> {
  const account = await findAccountByKey(db, orgId, request);
  if (!account) throw notFound('Integrated account not found');
  const action = request.action;
  if (isInactiveState(account.integration_state)) throw conflict('No actions are available for this account');
  if (action === 'syncFrequency' && !(await hasPlanFeature(db, orgId, 'feature_dynamic_sync_frequency'))) {
    throw forbidden(PLAN_FEATURE_MESSAGES.dynamicSyncFrequency);
  }
  if (NEEDS_SYNC.includes(action) && account.sync_enabled !== 1) throw conflict('Syncs are not enabled for this account');
  if (HIDDEN_WHILE_PAUSED.includes(action) && account.sync_paused === 1) throw conflict('Not available while the sync is paused');
  if (action === 'markTestAccount' && account.test_account === 1) throw conflict('The account is already a test account');
  if (action === 'markProdAccount' && account.test_account === 0) throw conflict('The account is already a production account');

  await db.transaction().execute(async (trx) => {
    switch (action) {
      case 'restartSync':
        await setSyncPaused(trx, orgId, account.id, false, now);
        await restartAccountJobs(trx, account.id, now);
        break;
      case 'pauseSync':
        await setSyncPaused(trx, orgId, account.id, true, now);
        await pauseAccountJobs(trx, account.id, now);
        break;
      case 'markTestAccount':
        await setTestAccount(trx, orgId, account.id, true, now);
        break;
      case 'markProdAccount':
        await setTestAccount(trx, orgId, account.id, false, now);
        break;
      case 'subscribedDataModels': {
        const next = await replaceSubscribedModels(trx, account.category, parseSubscribed(account.subscribed_models_json), request.syncModels ?? []);
        await setSubscribedModels(trx, orgId, account.id, next, now);
        break;
      }
      case 'syncFrequency': {
        const custom = request.syncFrequency === 'custom';
        const frequency = { syncFrequency: request.syncFrequency!, frequencyRate: custom ? request.frequencyRate! : null, frequencyUnit: custom ? request.frequencyUnit! : null };
        await setSyncFrequency(trx, orgId, account.id, frequency, now);
        await setAccountJobsFrequency(trx, account.id, frequency, now);
        break;
      }
      case 'deactivate': {
        // The state the dashboard showed must still be the state.
        if (!(await deactivateAccountInState(trx, orgId, account.id, request.integrationState!, now))) {
          throw conflict('The account has changed, please reload and try again');
        }
        await stopAccountJobs(trx, account.id, now);
        break;
      }
    }
  });
}
