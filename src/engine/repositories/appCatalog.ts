import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { memoReference } from './referenceMemo.ts';

// Whole-catalog reads for the catalog screens and the sign-up form: every app (optionally of one
// category) with its setup steps, and the names of every category's models and APIs. Per-category
// reads with capabilities are repositories/catalog.ts.
type Db = Kysely<Database> | Transaction<Database>;

/** The apps of the catalog (of one category when given), in no particular order. */
export async function listApps(db: Db, category?: string) {
  return db.selectFrom('apps')
    .select(['id', 'label', 'logo', 'category', 'auth_type', 'custom_fields_support_json', 'not_supported_sync_types_json', 'is_custom_fields_supported'])
    .$if(!!category, (q) => q.where('category', '=', category!))
    .execute();
}

/** The setup steps of the catalog's apps (of one category when given), in step order. */
export async function appSetupSteps(db: Db, category?: string) {
  return db.selectFrom('app_setup_steps').innerJoin('apps', 'apps.id', 'app_setup_steps.app_id')
    .select(['app_setup_steps.app_id', 'app_setup_steps.step_id', 'app_setup_steps.setup_type', 'app_setup_steps.position'])
    .$if(!!category, (q) => q.where('apps.category', '=', category!))
    .orderBy('app_setup_steps.position').orderBy('app_setup_steps.step_id').execute();
}

/** Every app's id, label, logo and category. */
export async function listAppRefs(db: Db) {
  return db.selectFrom('apps').select(['id', 'label', 'logo', 'category']).execute();
}

/** Every data model's id and name, with its category. */
export async function listModelNames(db: Db) {
  return db.selectFrom('data_models').select(['category', 'model_id', 'name']).execute();
}

/** Every unified API's id and name, with its category. */
export async function listApiNames(db: Db) {
  return db.selectFrom('category_apis').select(['category', 'api_id', 'name']).execute();
}

/** The catalog apps among these ids (unknown ids are simply absent). */
/** The sync types (data-model subcategories) an app does not support; none for an unknown app. */
export async function unsupportedSyncTypes(db: Db, appId: string): Promise<string[]> {
  const row = await db.selectFrom('apps').select('not_supported_sync_types_json').where('id', '=', appId).executeTakeFirst();
  try {
    const parsed = JSON.parse(row?.not_supported_sync_types_json ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
}

export async function appsByIds(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('apps').select(['id', 'label', 'category']).where('id', 'in', ids).execute();
}

/** An app as the sandbox provider serves it and the engine connects to it. */
export interface VendorApp {
  id: string;
  label: string;
  category: string;
  authType: string;
  /** It connects with an OAuth sign-in (it has an OAUTH setup step). */
  oauth: boolean;
  /** Its setup steps in order (step id and type). */
  steps: { stepId: string; setupType: string }[];
}

/** Every app of the catalog by id, with how it connects (reference data, read once per database handle). */
export function vendorApps(db: Kysely<Database>): Promise<Map<string, VendorApp>> {
  return memoReference(db, 'vendorApps', async () => {
    const [apps, steps] = await Promise.all([
      db.selectFrom('apps').select(['id', 'label', 'category', 'auth_type']).execute(),
      db.selectFrom('app_setup_steps').select(['app_id', 'step_id', 'setup_type']).orderBy('app_id').orderBy('position').execute(),
    ]);
    const stepsOf = new Map<string, VendorApp['steps']>();
    for (const s of steps) stepsOf.set(s.app_id, [...(stepsOf.get(s.app_id) ?? []), { stepId: s.step_id, setupType: s.setup_type }]);
    return new Map(apps.map((a) => {
      const appSteps = stepsOf.get(a.id) ?? [];
      return [a.id, { id: a.id, label: a.label, category: a.category, authType: a.auth_type, oauth: appSteps.some((s) => s.setupType === 'OAUTH'), steps: appSteps }];
    }));
  });
}
