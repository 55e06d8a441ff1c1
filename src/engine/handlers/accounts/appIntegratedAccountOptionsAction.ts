import { defineSessionHandler } from '../types.ts';
import { type AccountAction, runAccountAction } from '../../services/accountActions.ts';

const SUCCESS: Record<AccountAction, string> = {
  restartSync: 'Sync restarted successfully',
  pauseSync: 'Sync paused successfully',
  markTestAccount: 'Account marked as test account',
  markProdAccount: 'Account marked as production account',
  subscribedDataModels: 'Subscribed data models updated successfully',
  syncFrequency: 'Sync frequency updated successfully',
  deactivate: 'Integration deactivated successfully',
};

// The actions menu of an integrated account: a stale menu (another tab, another user) gets a 409
// with the reason instead of a silent change.
export const appIntegratedAccountOptionsAction = defineSessionHandler('appIntegratedAccountOptionsAction', async ({ body }, { db, caller, clock }) => {
  await runAccountAction(db, caller.orgId, body, clock.now());
  return SUCCESS[body.action];
});
