import type { Kysely, Transaction } from 'kysely';
import type { Database, Row } from '../db/schema.ts';
import type { MsgOf } from '../contractTypes.ts';
import type { SchemaCapabilityStatus } from '../../generated/api/engine.ts';
import type { Category } from '../../shared/categories.ts';

// Reads of the reference catalog (categories, apps, data models, unified APIs, capabilities),
// shaped once for the catalog, onboarding and keys handlers. Labels sort in JS: the two dialects
// collate text differently and the screens must list the same order on both.
type Db = Kysely<Database> | Transaction<Database>;
type CatalogAppRef = MsgOf<'appCategoryDetails'>['apps'][number];
type CapabilityStatus = SchemaCapabilityStatus;

export const byLabel = <T>(label: (item: T) => string) => (a: T, b: T) => label(a).localeCompare(label(b), 'en');

export const parseJson = <T>(text: string | null | undefined, fallback: T): T => {
  try { return text ? (JSON.parse(text) as T) : fallback; } catch { return fallback; }
};

export async function listCategories(db: Db): Promise<{ id: Category; label: string }[]> {
  const rows = await db.selectFrom('categories').select(['id', 'label']).orderBy('position').orderBy('id').execute();
  return rows.map((r) => ({ id: r.id as Category, label: r.label }));
}

/** Categories that have sync data models. */
export async function categoriesWithDataModels(db: Db): Promise<Set<string>> {
  const rows = await db.selectFrom('data_models').select('category').distinct().execute();
  return new Set(rows.map((r) => r.category));
}

export async function categoryLabel(db: Db, category: string): Promise<string> {
  const row = await db.selectFrom('categories').select('label').where('id', '=', category).executeTakeFirst();
  return row?.label ?? category;
}

export const appRef = (app: Pick<Row<'apps'>, 'id' | 'label' | 'logo'>): CatalogAppRef => ({ id: app.id, label: app.label, logo: app.logo });

/** Apps of a category by label. */
export async function appsOfCategory(db: Db, category: string): Promise<Row<'apps'>[]> {
  const rows = await db.selectFrom('apps').selectAll().where('category', '=', category).execute();
  return rows.sort(byLabel((a) => a.label));
}

interface CatalogFieldInfo { fieldId: string; fieldName: string; type: string; description: string }

export interface ModelInfo {
  modelId: string;
  modelName: string;
  description: string;
  subcategory: string;
  subcategoryLabel: string;
  defaultModel: boolean;
  /** The model's own attributes. */
  attributes: { name: string; type: string; description: string }[];
  subModels: { name: string; attributes: { name: string; type: string; description: string }[] }[];
  /** Attributes, then sub-model attributes as dot paths: the capability matrix's field ids. */
  fields: CatalogFieldInfo[];
}

/**
 * Data models of a category: subcategories by label (their display order), models by position.
 * One query per table for the whole category.
 */
export async function modelsOfCategory(db: Db, category: string): Promise<ModelInfo[]> {
  const models = await db.selectFrom('data_models').selectAll().where('category', '=', category).execute();
  if (models.length === 0) return [];
  const ids = models.map((m) => m.id);
  const [attrs, subs] = await Promise.all([
    db.selectFrom('model_attributes').selectAll().where('data_model_id', 'in', ids).orderBy('position').orderBy('name').execute(),
    db.selectFrom('sub_models').selectAll().where('data_model_id', 'in', ids).orderBy('position').orderBy('name').execute(),
  ]);
  models.sort((a, b) => byLabel<Row<'data_models'>>((m) => m.subcategory_label)(a, b) || a.subcategory.localeCompare(b.subcategory) || a.position - b.position);
  return models.map((m) => {
    const attributes = attrs.filter((a) => a.data_model_id === m.id).map((a) => ({ name: a.name, type: a.type, description: a.description ?? '' }));
    const subModels = subs.filter((s) => s.data_model_id === m.id).map((s) => ({
      name: s.name,
      attributes: parseJson<{ name: string; type?: string; description?: string }[]>(s.attributes_json, [])
        .map((a) => ({ name: a.name, type: a.type ?? 'string', description: a.description ?? '' })),
    }));
    const fields = [
      ...attributes.map((a) => ({ fieldId: a.name, fieldName: a.name, type: a.type, description: a.description })),
      ...subModels.flatMap((s) => s.attributes.map((a) => ({ fieldId: `${s.name}.${a.name}`, fieldName: `${s.name}.${a.name}`, type: a.type, description: a.description }))),
    ];
    return {
      modelId: m.model_id, modelName: m.name, description: m.description ?? '', subcategory: m.subcategory,
      subcategoryLabel: m.subcategory_label, defaultModel: m.default_model === 1, attributes, subModels, fields,
    };
  });
}

/** Subcategories of a category in display order, with their labels. */
export function subcategoriesOf(models: ModelInfo[]): { value: string; label: string }[] {
  const seen = new Map<string, string>();
  for (const m of models) if (!seen.has(m.subcategory)) seen.set(m.subcategory, m.subcategoryLabel);
  return [...seen].map(([value, label]) => ({ value, label }));
}

export async function apisOfCategory(db: Db, category: string): Promise<Row<'category_apis'>[]> {
  return db.selectFrom('category_apis').selectAll().where('category', '=', category).orderBy('position').orderBy('api_id').execute();
}

export interface CapabilityCell { status: CapabilityStatus; notes: string | null }

/** Capabilities of a category: app -> kind -> target -> field ('' for the model or API itself) -> cell. */
type CapabilityIndex = Map<string, Map<string, CapabilityCell>>;
export const capabilityKey = (kind: 'model' | 'api' | 'field', targetId: string, field = '') => `${kind}|${targetId}|${field}`;

export async function capabilitiesOfCategory(db: Db, category: string, appIds?: string[]): Promise<CapabilityIndex> {
  if (appIds && appIds.length === 0) return new Map();
  const rows = await db.selectFrom('capabilities').select(['app_id', 'kind', 'target_id', 'field_name', 'status', 'notes'])
    .where('category', '=', category)
    .$if(!!appIds, (q) => q.where('app_id', 'in', appIds!))
    .execute();
  const index: CapabilityIndex = new Map();
  for (const r of rows) {
    // A null status is an unknown cell: the same as no row.
    if (r.status === null) continue;
    let cells = index.get(r.app_id);
    if (!cells) index.set(r.app_id, (cells = new Map()));
    cells.set(capabilityKey(r.kind as 'model', r.target_id, r.field_name), { status: r.status as CapabilityStatus, notes: r.notes });
  }
  return index;
}
