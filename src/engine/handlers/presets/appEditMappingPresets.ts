import { defineSessionHandler } from '../types.ts';
import { editMappingPreset } from '../../services/mappingPresets.ts';

// The wizard opened on an existing preset. Omitted properties stay; a sent list replaces the stored
// one (per sub-category for mappings). Everything is checked first and written in one transaction.
export const appEditMappingPresets = defineSessionHandler('appEditMappingPresets', async ({ body }, { db, caller, clock }) =>
  editMappingPreset(db, caller.orgId, body, clock.now()));
