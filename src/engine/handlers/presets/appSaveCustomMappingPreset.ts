import { defineSessionHandler } from '../types.ts';
import { createAppMappingPreset } from '../../services/mappingPresets.ts';

// The wizard's last step in app mode (app, rows, confirmed accounts) and account mode (one
// integration, rows). Everything is checked before anything is written, and the preset, its
// rows and the accounts it is applied to are written in one transaction.
export const appSaveCustomMappingPreset = defineSessionHandler('appSaveCustomMappingPreset', async ({ body }, { db, caller, clock }) =>
  createAppMappingPreset(db, caller.orgId, caller.userId, body, clock.now()));
