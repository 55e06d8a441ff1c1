import type { SchemaCategorySyncSettings, SchemaSubCategorySyncModels, SchemaSyncSubCategory } from '../../../generated/api/engine.ts';
import type { Category } from '../../../shared/categories.ts';

export type SyncSubCategory = SchemaSyncSubCategory;
export type SubCategorySyncModels = SchemaSubCategorySyncModels;
export type CategorySyncSettings = SchemaCategorySyncSettings;

/** From the Fetch data step's stepInitialData. */
export interface SyncSetupInput {
  category: Category;
  syncEnabled: boolean;
  syncOnAPI: boolean;
  /** POST v1.0/sync.start, shown by the confirm dialog of 'start on API trigger'. */
  syncStartUrl: string;
}

export interface EnableSyncsInput {
  category: Category;
  syncModels: SubCategorySyncModels[];
  apiTrigger: boolean;
}

export type SyncSetupEvent =
  /** A data model's checkbox (default models cannot be unchecked). */
  | { type: 'model.toggle'; subCategory: string; modelId: string }
  /** The start mode: true = on API trigger, false = automatically. */
  | { type: 'startMode.set'; apiTrigger: boolean }
  /** Enable syncs with the models and start mode chosen. */
  | { type: 'syncs.enable' }
  /** The confirm dialog of 'start on API trigger'. */
  | { type: 'confirm.accept' }
  | { type: 'confirm.cancel' }
  /** Edit > Data Models, Edit > Sync Start Mode (after syncs are enabled). */
  | { type: 'edit.models' }
  | { type: 'edit.startMode' }
  | { type: 'edit.cancel' }
  | { type: 'edit.save' }
  /** Retry after the models could not be read. */
  | { type: 'models.retry' };

export interface SyncSetupToast {
  id: number;
  severity: 'success' | 'error';
  message: string;
}

export interface SyncSetupContext {
  category: Category;
  /** Models per subcategory (app.getModelsOfCategory), in display order. */
  subCategories: SyncSubCategory[];
  /** Checked models as `subCategory/modelId` keys (default models always among them). */
  selection: string[];
  /** The selection saved on the engine (what Cancel returns to, what Save compares with). */
  savedSelection: string[];
  /** The start mode shown: true = on API trigger. */
  apiTrigger: boolean;
  /** The start mode saved on the engine. */
  savedApiTrigger: boolean;
  syncEnabled: boolean;
  syncStartUrl: string;
  toast: SyncSetupToast | null;
}
