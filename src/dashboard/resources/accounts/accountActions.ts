import type { SchemaAppIntegratedAccountOptionsActionBody } from '../../../generated/api/engine.ts';
import type { AccountsRow } from '../../../generated/resources/accounts.ts';
import { isInactiveState } from '../../../shared/integrationStates.ts';
import { SYNC_FREQUENCY_PLAN_MESSAGE } from '../../../shared/planFeatures.ts';

// The actions menu of an integrated account (part 2 §4), as a pure function of the row and the
// organisation's plan features, so every visibility rule is unit-tested without rendering. The
// engine enforces the same rules (app.integratedAccountOptionsAction answers 409 otherwise).

/** Actions that run app.integratedAccountOptionsAction (its `action` enum). */
export type OptionsAction = SchemaAppIntegratedAccountOptionsActionBody['action'];
/** Every entry of the menu: the options actions plus Edit mapped fields and Reintegrate (other calls). */
export type AccountActionId = OptionsAction | 'editMapping' | 'reintegrate';

export interface AccountAction {
  id: AccountActionId;
  label: string;
  /** Set when the plan does not include the action: choosing it shows this message instead. */
  blockedMessage?: string;
  /** Asks for a warning confirmation first (deactivate). */
  destructive?: boolean;
}

/** The row fields the rules read (a generated accounts row satisfies it). */
type AccountActionRow = Pick<AccountsRow, 'integrationState' | 'syncPaused' | 'syncEnabled' | 'testAccount' | 'showCustomFields'>;

/** orgMetaData.featureList of the signed-in user's organisation. */
export interface OrgFeatures {
  dynamicSyncFrequency?: boolean;
  customMapping?: boolean;
}

export interface AccountActionOptions {
  /**
   * Edit mapped fields leads to the preset screens, which only an admin may open (part 2 §6);
   * for other roles the entry would end on /404, so it is left out.
   */
  canEditMapping?: boolean;
}

const ACCOUNT_ACTION_LABELS: Readonly<Record<AccountActionId, string>> = {
  restartSync: 'Restart sync',
  pauseSync: 'Pause sync',
  markTestAccount: 'Mark as test account',
  markProdAccount: 'Mark as production account',
  subscribedDataModels: 'Subscribed data models',
  syncFrequency: 'Sync frequency',
  editMapping: 'Edit mapped fields',
  reintegrate: 'Reintegrate',
  deactivate: 'Deactivate integration',
};

/** Deactivated and Expired accounts have no actions menu. */
export const hasActionsMenu = (row: Pick<AccountActionRow, 'integrationState'>): boolean => !isInactiveState(row.integrationState);

const isFalse = (value: unknown) => value === 'false' || value === false;
const isTrue = (value: unknown) => value === 'true' || value === true;

/**
 * The menu entries of one account, in menu order (the destructive one last):
 * - none for Deactivated and Expired accounts;
 * - syncEnabled 'false' removes Restart sync, Pause sync, Subscribed data models and Sync frequency;
 * - a paused sync removes Pause sync, Subscribed data models and Sync frequency;
 * - Mark as prod for test accounts, Mark as test for production accounts;
 * - Sync frequency without the dynamicSyncFrequency plan feature shows the plan message;
 * - Edit mapped fields only unless showCustomFields is 'false';
 * - Reintegrate only for Success accounts.
 */
export function accountActionsFor(row: AccountActionRow, orgFeatures: OrgFeatures = {}, options: AccountActionOptions = {}): AccountAction[] {
  if (!hasActionsMenu(row)) return [];
  const syncs = !isFalse(row.syncEnabled);
  const running = syncs && !isTrue(row.syncPaused);
  const ids: AccountActionId[] = [];
  if (syncs) ids.push('restartSync');
  if (running) ids.push('pauseSync');
  ids.push(isTrue(row.testAccount) ? 'markProdAccount' : 'markTestAccount');
  if (running) ids.push('subscribedDataModels', 'syncFrequency');
  if (!isFalse(row.showCustomFields) && options.canEditMapping !== false) ids.push('editMapping');
  if (row.integrationState === 'Success') ids.push('reintegrate');
  ids.push('deactivate');
  return ids.map((id) => {
    const action: AccountAction = { id, label: ACCOUNT_ACTION_LABELS[id] };
    if (id === 'syncFrequency' && orgFeatures.dynamicSyncFrequency !== true) action.blockedMessage = SYNC_FREQUENCY_PLAN_MESSAGE;
    if (id === 'deactivate') action.destructive = true;
    return action;
  });
}

/** The 'Edit mapped fields' destination until the mapping screens exist: preset creation in account mode. */
export const editMappingUrl = (integrationId: string): string =>
  `/dashboard/presets/create?mode=account&integrationId=${encodeURIComponent(integrationId)}`;
