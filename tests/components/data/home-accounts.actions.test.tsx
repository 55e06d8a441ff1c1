import { describe, expect, it } from 'vitest';
import type { AccountsRow } from '../../../src/generated/resources/accounts.ts';
import { accountActionsFor, editMappingUrl, hasActionsMenu, type AccountActionId } from '../../../src/dashboard/resources/accounts/accountActions.ts';
import { optionsActionBody } from '../../../src/dashboard/resources/accounts/accountCalls.ts';
import { initialModelSelection, modelKey, subscribedModelsBody, type SyncSubCategory } from '../../../src/dashboard/resources/accounts/subscribedModels.ts';

// Part 2 §4: the actions menu of an integrated account, every combination of the row fields the
// rules read, each rule checked on its own against the spec's words.

const STATES = ['Success', 'Error', 'Email sent', 'Under validation', 'Deactivated', 'Expired'] as const;
const BOOL_STRINGS = ['true', 'false'] as const;
const SYNC_FREQUENCY_MESSAGE = "Sync Frequency change isn't available under the current plan. Please contact support to enable this feature.";

const row = (overrides: Partial<AccountsRow> = {}): AccountsRow => ({
  organization: 'Acme Corp',
  originOrgId: 'korg_5TZ81',
  userPassedOriginOrgId: 'acme-42',
  appId: 'bamboohr',
  appIdValue: 'bamboohr',
  appLabel: 'BambooHR',
  appLogo: null,
  category: 'HRIS',
  categoryValue: 'HRIS',
  integrationState: 'Success',
  errorDescription: null,
  integrationId: 'int_01',
  createdAt: 1716200000,
  doneBy: 'dev@acme.io',
  testAccount: 'false',
  expiresAt: null,
  expiredAt: null,
  deactivatedAt: null,
  syncPaused: false,
  syncEnabled: 'true',
  syncFrequency: 'STANDARD',
  frequencyRate: null,
  frequencyUnit: null,
  showCustomFields: 'true',
  ...overrides,
});

interface Case {
  integrationState: (typeof STATES)[number];
  syncPaused: boolean;
  syncEnabled: (typeof BOOL_STRINGS)[number];
  testAccount: (typeof BOOL_STRINGS)[number];
  showCustomFields: (typeof BOOL_STRINGS)[number];
  dynamicSyncFrequency: boolean;
  canEditMapping: boolean;
}

function* cases(): Generator<Case> {
  for (const integrationState of STATES)
    for (const syncPaused of [false, true])
      for (const syncEnabled of BOOL_STRINGS)
        for (const testAccount of BOOL_STRINGS)
          for (const showCustomFields of BOOL_STRINGS)
            for (const dynamicSyncFrequency of [true, false])
              for (const canEditMapping of [true, false]) yield { integrationState, syncPaused, syncEnabled, testAccount, showCustomFields, dynamicSyncFrequency, canEditMapping };
}

const all = [...cases()];
const name = (c: Case) => JSON.stringify(c);

describe('accountActionsFor: every combination', () => {
  it('covers the whole space', () => expect(all.length).toBe(6 * 2 * 2 * 2 * 2 * 2 * 2));

  for (const c of all) {
    it(name(c), () => {
      const actions = accountActionsFor(row(c), { dynamicSyncFrequency: c.dynamicSyncFrequency }, { canEditMapping: c.canEditMapping });
      const ids = actions.map((action) => action.id);
      const has = (id: AccountActionId) => ids.includes(id);

      // Deactivated and Expired accounts have no actions menu.
      if (c.integrationState === 'Deactivated' || c.integrationState === 'Expired') {
        expect(ids).toEqual([]);
        expect(hasActionsMenu(row(c))).toBe(false);
        return;
      }
      expect(hasActionsMenu(row(c))).toBe(true);
      const syncs = c.syncEnabled === 'true';
      // syncEnabled 'false' removes the sync actions; a paused sync removes Pause, Subscribed data models and Sync frequency.
      expect(has('restartSync')).toBe(syncs);
      expect(has('pauseSync')).toBe(syncs && !c.syncPaused);
      expect(has('subscribedDataModels')).toBe(syncs && !c.syncPaused);
      expect(has('syncFrequency')).toBe(syncs && !c.syncPaused);
      // Mark as prod for test accounts, mark as test for production accounts.
      expect(has('markProdAccount')).toBe(c.testAccount === 'true');
      expect(has('markTestAccount')).toBe(c.testAccount === 'false');
      // Edit mapping is removed when showCustomFields is 'false' (and for roles that cannot open presets).
      expect(has('editMapping')).toBe(c.showCustomFields === 'true' && c.canEditMapping);
      // Reintegrate only for Success accounts.
      expect(has('reintegrate')).toBe(c.integrationState === 'Success');
      // Deactivate is always there, last, behind a warning confirm.
      expect(ids.at(-1)).toBe('deactivate');
      expect(actions.at(-1)?.destructive).toBe(true);
      expect(actions.filter((action) => action.destructive).length).toBe(1);
      // Sync frequency is gated by the plan feature with the spec's message.
      const frequency = actions.find((action) => action.id === 'syncFrequency');
      if (frequency) expect(frequency.blockedMessage).toBe(c.dynamicSyncFrequency ? undefined : SYNC_FREQUENCY_MESSAGE);
      expect(actions.filter((action) => action.blockedMessage).every((action) => action.id === 'syncFrequency')).toBe(true);
      // No duplicates.
      expect(new Set(ids).size).toBe(ids.length);
    });
  }
});

describe('accountActionsFor: pinned menus', () => {
  it('a running production Success account with custom fields, on a plan with dynamic frequency', () => {
    expect(accountActionsFor(row(), { dynamicSyncFrequency: true }).map((action) => action.label)).toEqual([
      'Restart sync',
      'Pause sync',
      'Mark as test account',
      'Subscribed data models',
      'Sync frequency',
      'Edit mapped fields',
      'Reintegrate',
      'Deactivate integration',
    ]);
  });

  it('a paused test account in Error without custom fields', () => {
    const ids = accountActionsFor(row({ integrationState: 'Error', syncPaused: true, testAccount: 'true', showCustomFields: 'false' }), { dynamicSyncFrequency: true }).map((a) => a.id);
    expect(ids).toEqual(['restartSync', 'markProdAccount', 'deactivate']);
  });

  it('an account whose category has syncs off', () => {
    const ids = accountActionsFor(row({ syncEnabled: 'false', integrationState: 'Email sent' })).map((a) => a.id);
    expect(ids).toEqual(['markTestAccount', 'editMapping', 'deactivate']);
  });

  it('a plan without dynamicSyncFrequency keeps the entry and says why it cannot be used', () => {
    const frequency = accountActionsFor(row(), {}).find((action) => action.id === 'syncFrequency');
    expect(frequency?.blockedMessage).toBe(SYNC_FREQUENCY_MESSAGE);
  });

  it('Edit mapped fields goes to preset creation in account mode', () => {
    expect(editMappingUrl('int 01')).toBe('/dashboard/presets/create?mode=account&integrationId=int%2001');
  });
});

describe('optionsActionBody', () => {
  it("takes the row's keys as the contract says (appIdValue, categoryValue, category label)", () => {
    expect(optionsActionBody(row({ category: 'Accounting', categoryValue: 'ACCOUNTING', appIdValue: 'xero', appId: 'xero' }), 'markTestAccount')).toEqual({
      originOrgId: 'korg_5TZ81',
      appId: 'xero',
      category: 'ACCOUNTING',
      categoryLabel: 'Accounting',
      integrationId: 'int_01',
      action: 'markTestAccount',
      syncPaused: false,
    });
  });

  it('sends the paused flag after the action for pause and restart', () => {
    expect(optionsActionBody(row(), 'pauseSync').syncPaused).toBe(true);
    expect(optionsActionBody(row({ syncPaused: true }), 'restartSync').syncPaused).toBe(false);
  });

  it('sends the shown state with deactivate, and the frequency with syncFrequency', () => {
    expect(optionsActionBody(row({ integrationState: 'Error' }), 'deactivate')).toMatchObject({ integrationState: 'Error', integrationId: 'int_01' });
    expect(optionsActionBody(row(), 'syncFrequency', { syncFrequency: 'custom', frequencyRate: 2, frequencyUnit: 'hours' })).toMatchObject({
      action: 'syncFrequency',
      syncFrequency: 'custom',
      frequencyRate: 2,
      frequencyUnit: 'hours',
    });
  });
});

describe('subscribed data models', () => {
  const model = (modelId: string, defaultModel: boolean, modelEnabled: boolean) => ({
    modelId,
    modelName: modelId,
    modelDescription: '',
    modelEnabled,
    defaultModel,
    modelAttributes: [],
    subModels: [],
  });
  const subs: SyncSubCategory[] = [
    { value: 'employee', label: 'Employee', modelDetails: [model('profile', true, true), model('compensation', false, true), model('bank', false, false)] },
    { value: 'payroll', label: 'Payroll', modelDetails: [model('runs', true, false)] },
  ];

  it('starts from the enabled models and every default model', () => {
    expect([...initialModelSelection(subs)].sort()).toEqual(['employee/compensation', 'employee/profile', 'payroll/runs']);
  });

  it('always sends default models, even when unchecked', () => {
    const checked = new Set([modelKey('employee', 'bank')]);
    expect(subscribedModelsBody(subs, checked)).toEqual([
      { subCategory: 'employee', syncModels: ['profile', 'bank'] },
      { subCategory: 'payroll', syncModels: ['runs'] },
    ]);
  });
});
