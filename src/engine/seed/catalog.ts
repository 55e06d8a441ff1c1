import type { Kysely } from 'kysely';
import { dialectOf } from '../db/dialect.ts';
import type { Database, NewRow } from '../db/schema.ts';
import { upsertRows } from './bulk.ts';
import { apiDocUrl, apiType, CATEGORY_APIS } from './catalogApis.ts';
import { allApps, appLogo, type CatalogApp, CATEGORY_DESCRIPTIONS } from './catalogApps.ts';
import { appFields, appSupport, modelFields, parseAttr, sampleValue, subcategoriesOf } from './catalogModel.ts';
import type { SubcategorySpec } from './modelsPeople.ts';
import { planRows } from './plans.ts';
import { stableHash } from './random.ts';
import { forgetReference } from '../repositories/referenceMemo.ts';
import { categoryLabels } from '../../generated/labels.ts';
import { CATEGORIES } from '../../shared/categories.ts';

/*
 * Reference data: categories, apps, setup steps, app fields, data models, APIs, webhook event
 * types, the capability matrix and the billing plans. Pure functions of the static catalog, so
 * the rows (and their ids) are identical on every run; seedReferenceData upserts them at every
 * engine start.
 */

/** Fixed creation time of reference rows: a clock value would make each start rewrite them. */
const CATALOG_CREATED_AT = Date.UTC(2025, 0, 1);

interface ReferenceRows {
  categories: NewRow<'categories'>[];
  apps: NewRow<'apps'>[];
  app_setup_steps: NewRow<'app_setup_steps'>[];
  app_fields: NewRow<'app_fields'>[];
  data_models: NewRow<'data_models'>[];
  model_attributes: NewRow<'model_attributes'>[];
  sub_models: NewRow<'sub_models'>[];
  category_apis: NewRow<'category_apis'>[];
  webhook_event_types: NewRow<'webhook_event_types'>[];
  capabilities: NewRow<'capabilities'>[];
  plans: NewRow<'plans'>[];
}

export function buildReferenceRows(): ReferenceRows {
  const rows: ReferenceRows = {
    categories: [], apps: [], app_setup_steps: [], app_fields: [], data_models: [], model_attributes: [],
    sub_models: [], category_apis: [], webhook_event_types: [], capabilities: [], plans: planRows(CATALOG_CREATED_AT),
  };
  CATEGORIES.forEach((category, position) => {
    rows.categories.push({ id: category, label: categoryLabels[category], description: CATEGORY_DESCRIPTIONS[category], position });
    const subs = subcategoriesOf(category);
    for (const sub of subs) {
      addModels(rows, category, sub);
      addWebhookEvents(rows, category, sub);
    }
    CATEGORY_APIS[category].forEach((api, i) => {
      const [apiId, name, method, path, subcategory] = api;
      rows.category_apis.push({ category, api_id: apiId, name, type: apiType(api), method, url: path, doc_url: apiDocUrl(apiId), position: i, subcategory });
    });
  });
  allApps().forEach((app, position) => addApp(rows, app, position));
  return rows;
}

function addModels(rows: ReferenceRows, category: string, sub: SubcategorySpec): void {
  sub.models.forEach((model, position) => {
    const id = `${category}.${sub.value}.${model.id}`;
    rows.data_models.push({
      id, category, subcategory: sub.value, subcategory_label: sub.label, model_id: model.id,
      name: model.name, description: model.description, default_model: model.default ? 1 : 0, position,
    });
    model.attrs.map(parseAttr).forEach((a, i) =>
      rows.model_attributes.push({ data_model_id: id, name: a.name, type: a.type, description: a.description, position: i }),
    );
    (model.subModels ?? []).forEach(([name, attrs], i) =>
      rows.sub_models.push({ data_model_id: id, name, attributes_json: JSON.stringify(attrs.map(parseAttr)), position: i }),
    );
  });
}

const EVENTS = [
  ['created', 'record.new'],
  ['updated', 'record.modified'],
  ['deleted', 'record.deleted'],
] as const;

function addWebhookEvents(rows: ReferenceRows, category: string, sub: SubcategorySpec): void {
  const model = sub.models.find((m) => m.default) ?? sub.models[0];
  const data = Object.fromEntries(model.attrs.map(parseAttr).map((a) => [a.name, sampleValue(a)]));
  const noun = sub.entity.replace(/([A-Z])/g, ' $1').toLowerCase();
  EVENTS.forEach(([verb, eventType], position) => {
    const snippet = {
      id: `evt_${sub.value}_${verb}`,
      event: { eventId: `evt_${sub.value}_${verb}`, eventType, triggeredAt: 1767225600000 },
      syncType: 'delta_sync',
      syncDataType: sub.value,
      syncJobId: 'job_sample',
      syncRunId: 'run_sample',
      eventData: verb === 'deleted' ? { [model.id]: { id: data.id ?? '10482' } } : { [model.id]: data },
    };
    rows.webhook_event_types.push({
      category, subcategory: sub.value, value: `${sub.entity}.${verb}`,
      label: `${noun[0].toUpperCase()}${noun.slice(1)} ${verb}`, event_type: eventType,
      code_snippet: JSON.stringify(snippet, null, 2), position,
    });
  });
}

function addApp(rows: ReferenceRows, app: CatalogApp, position: number): void {
  const support = appSupport(app);
  rows.apps.push({
    id: app.id, label: app.label, category: app.category, logo: appLogo(app), auth_type: app.authType,
    custom_fields_support_json: JSON.stringify(support.customFieldsSupport),
    not_supported_sync_types_json: JSON.stringify(support.notSupportedSyncTypes),
    is_custom_fields_supported: support.isCustomFieldsSupported ? 1 : 0, is_sandbox: app.isSandbox ? 1 : 0,
    docs_url: app.isSandbox ? null : `https://${app.site}`, position, created_at: CATALOG_CREATED_AT,
  });
  setupSteps(app).forEach((step, i) => rows.app_setup_steps.push({ app_id: app.id, ...step, position: i }));
  for (const sub of subcategoriesOf(app.category)) {
    if (support.notSupportedSyncTypes.includes(sub.value)) continue;
    appFields(app, sub).forEach((f, i) =>
      rows.app_fields.push({
        app_id: app.id, subcategory: sub.value, field_id: f.fieldId, field_from_app: f.fieldFromApp, field_to_org: f.fieldToOrg,
        data_type: f.dataType, field_type: f.fieldType, sample_data: f.sampleData, position: i,
      }),
    );
  }
  addCapabilities(rows, app, support.notSupportedSyncTypes);
}

type Step = { step_id: string; setup_type: 'FORM' | 'OAUTH' | 'NONE'; form_schema_json: string | null };

const formSchema = (fields: [string, string, boolean?][]): string =>
  JSON.stringify({
    type: 'object',
    required: fields.map(([name]) => name),
    properties: Object.fromEntries(
      fields.map(([name, title, secret]) => [name, { type: 'string', title, minLength: 1, ...(secret ? { 'x-ui': { widget: 'password' } } : {}) }]),
    ),
  });

/** How connecting an app goes in the auth component; NONE apps connect without steps. */
function setupSteps(app: CatalogApp): Step[] {
  const withDomain = stableHash(`${app.id}|domain`) % 3 === 0;
  switch (app.authType) {
    case 'OAUTH':
      return [
        ...(withDomain ? [{ step_id: 'instance', setup_type: 'FORM' as const, form_schema_json: formSchema([['subdomain', 'Your account subdomain']]) }] : []),
        { step_id: 'authorize', setup_type: 'OAUTH', form_schema_json: null },
      ];
    case 'BASIC':
      return [{
        step_id: 'credentials', setup_type: 'FORM',
        form_schema_json: formSchema(withDomain ? [['subdomain', 'Company subdomain'], ['apiKey', 'API key', true]] : [['apiKey', 'API key', true]]),
      }];
    case 'OTHER':
      return [
        { step_id: 'credentials', setup_type: 'FORM', form_schema_json: formSchema([['tenant', 'Tenant or account id'], ['username', 'Integration user'], ['password', 'Password', true]]) },
        // A manual step (grant the integration user access), confirmed without input.
        { step_id: 'grantAccess', setup_type: 'NONE', form_schema_json: null },
      ];
    default:
      return [];
  }
}

const NA_NOTES = ["Not exposed by the app's API", 'Requires an enterprise plan of the app', 'The app does not store this field'];
const WIP_NOTES = ['Being built, expected in the next release', 'In beta for selected customers'];
const A_NOTES = ['Read only', 'Available through custom field mapping', 'Returned only for admin-authorised accounts'];

/** A | WIP | NA with a note, from a hash: mostly A, stable per cell. */
function cell(key: string, weights: [number, number]): { status: 'A' | 'WIP' | 'NA'; notes: string | null } {
  const h = stableHash(key);
  const r = h % 100;
  if (r < weights[0]) return { status: 'A', notes: h % 11 === 0 ? A_NOTES[h % A_NOTES.length] : null };
  if (r < weights[1]) return { status: 'WIP', notes: WIP_NOTES[h % WIP_NOTES.length] };
  return { status: 'NA', notes: NA_NOTES[h % NA_NOTES.length] };
}

function addCapabilities(rows: ReferenceRows, app: CatalogApp, notSupported: string[]): void {
  const push = (kind: string, target: string, field: string, c: { status: string; notes: string | null }) =>
    rows.capabilities.push({ app_id: app.id, category: app.category, kind, target_id: target, field_name: field, status: c.status, notes: c.notes });
  const sandbox = { status: 'A', notes: 'Sandbox data is generated by the engine' };
  for (const sub of subcategoriesOf(app.category)) {
    const unsupported = notSupported.includes(sub.value);
    for (const model of sub.models) {
      const m = app.isSandbox ? sandbox
        : unsupported ? { status: 'NA' as const, notes: `${sub.label} are not synced from ${app.label}` }
        : model.default ? { status: 'A' as const, notes: null }
        : cell(`${app.id}|m|${model.id}`, [86, 94]);
      push('model', model.id, '', m);
      for (const field of modelFields(model)) {
        const f = app.isSandbox ? { status: 'A', notes: null }
          : m.status === 'NA' ? { status: 'NA', notes: null }
          : cell(`${app.id}|f|${model.id}|${field.name}`, m.status === 'WIP' ? [55, 100] : [86, 93]);
        push('field', model.id, field.name, f);
      }
    }
  }
  for (const [apiId, , , , sub] of CATEGORY_APIS[app.category]) {
    const a = app.isSandbox || apiId.endsWith('.passthrough') ? { status: 'A', notes: null }
      : notSupported.includes(sub) ? { status: 'NA', notes: `Not supported by ${app.label}` }
      : cell(`${app.id}|a|${apiId}`, [85, 93]);
    push('api', apiId, '', a);
  }
}

const PRIMARY_KEYS: Record<keyof ReferenceRows, string[]> = {
  plans: ['id'],
  categories: ['id'],
  apps: ['id'],
  app_setup_steps: ['app_id', 'step_id'],
  app_fields: ['app_id', 'subcategory', 'field_id'],
  data_models: ['id'],
  model_attributes: ['data_model_id', 'name'],
  sub_models: ['data_model_id', 'name'],
  category_apis: ['category', 'api_id'],
  webhook_event_types: ['category', 'subcategory', 'value'],
  capabilities: ['app_id', 'category', 'kind', 'target_id', 'field_name'],
};

let cached: ReferenceRows | undefined;

/**
 * Loads the reference data; idempotent (upsert by primary key), so the engine runs it at every
 * start and a catalog change in code reaches existing databases. Returns rows per table.
 */
export async function seedReferenceData(db: Kysely<Database>): Promise<Record<string, number>> {
  cached ??= buildReferenceRows();
  const rows = cached;
  forgetReference(db);
  const dialect = dialectOf(db);
  await db.transaction().execute(async (trx) => {
    // Parents first: steps, fields and capabilities reference apps.
    for (const table of Object.keys(PRIMARY_KEYS) as (keyof ReferenceRows)[]) {
      await upsertRows(trx, dialect, table, PRIMARY_KEYS[table], rows[table] as Record<string, unknown>[]);
    }
  });
  return Object.fromEntries(Object.entries(rows).map(([t, r]) => [t, r.length]));
}
