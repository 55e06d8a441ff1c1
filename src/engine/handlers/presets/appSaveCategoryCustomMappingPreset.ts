import { defineSessionHandler } from '../types.ts';
import { createCategoryMappingPreset } from '../../services/mappingPresets.ts';

// The wizard's category mode: user-added rows per sub-category of a category, for the selected
// apps. Existing accounts are not changed; with isDefault new accounts of those apps get it.
export const appSaveCategoryCustomMappingPreset = defineSessionHandler('appSaveCategoryCustomMappingPreset', async ({ body }, { db, caller, clock }) =>
  createCategoryMappingPreset(db, caller.orgId, caller.userId, body, clock.now()));
