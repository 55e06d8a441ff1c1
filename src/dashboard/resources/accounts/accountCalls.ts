import type { components } from '../../../generated/api/engine.ts';
import type { AccountsRow } from '../../../generated/resources/accounts.ts';
import { unwrap, type ApiClients } from '../../providers/apiClient.ts';
import type { OptionsAction } from './accountActions.ts';

// The calls behind the accounts screen's actions, built from the account row as the contract says
// (AppIntegratedAccountOptionsActionBody: originOrgId, appIdValue, categoryValue, ...). Clients are
// passed in, so tests use their own.

type Schemas = components['schemas'];
export type OptionsActionBody = Schemas['AppIntegratedAccountOptionsActionBody'];
export type SyncFrequencyChoice = Pick<OptionsActionBody, 'syncFrequency' | 'frequencyRate' | 'frequencyUnit'>;
export type MagicLinkResult = Schemas['MagicLinkResult'];
export type Engine = Pick<ApiClients, 'engine'>;

/** The account-action request for one row: the account's keys plus what the action needs. */
export function optionsActionBody(row: AccountsRow, action: OptionsAction, extra: Partial<OptionsActionBody> = {}): OptionsActionBody {
  const syncPaused = action === 'pauseSync' ? true : action === 'restartSync' ? false : row.syncPaused;
  const body: OptionsActionBody = {
    originOrgId: row.originOrgId,
    appId: row.appIdValue,
    category: row.categoryValue,
    categoryLabel: row.category,
    integrationId: row.integrationId,
    action,
    syncPaused,
    ...extra,
  };
  if (action === 'deactivate') body.integrationState = row.integrationState;
  return body;
}

/** Runs one action; resolves to the server's success message (toasted before the table reloads). */
export async function runAccountAction(clients: Engine, body: OptionsActionBody): Promise<string> {
  const result = await unwrap(clients.engine.POST('/app.integratedAccountOptionsAction', { body }));
  return result.msg;
}

export interface Reintegrator {
  name: string;
  email: string;
}

/**
 * The Reintegrate action of a Success account: a magic link for the same account and app. The row
 * does not carry the end user, so the link is made out to the dashboard user who asks for it.
 */
export async function createReintegrateLink(clients: Engine, row: AccountsRow, by: Reintegrator): Promise<MagicLinkResult> {
  const result = await unwrap(
    clients.engine.POST('/app.createReIntegrateMagicLink', {
      body: {
        appId: row.appIdValue,
        categories: [row.categoryValue],
        originOrgId: row.userPassedOriginOrgId,
        knitOriginOrgId: row.originOrgId,
        originOrgName: row.organization,
        testAccount: row.testAccount === 'true',
        originUserName: by.name,
        originUserEmail: by.email,
        filters: [{ category: row.categoryValue, apps: [row.appIdValue] }],
      },
    }),
  );
  return result.msg;
}

/** Saves that the test-account popup was shown now (and, when asked, never again). */
export async function saveTestAccountPopup(clients: Engine, shownAtSeconds: number, hide: boolean): Promise<void> {
  await unwrap(
    clients.engine.POST('/user.userDetails.update', {
      body: { lastTestAccPopupAt: String(Math.floor(shownAtSeconds)), ...(hide ? { hideTestAccPopup: true } : {}) },
    }),
  );
}
