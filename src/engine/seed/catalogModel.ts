import { appsOf, type CatalogApp } from './catalogApps.ts';
import { CATEGORIES, type Category } from '../../shared/categories.ts';
import { BUSINESS_MODELS } from './modelsBusiness.ts';
import { type ModelSpec, PEOPLE_MODELS, type SubcategorySpec } from './modelsPeople.ts';
import { stableHash } from './random.ts';

/*
 * Derived views of the static catalog that both the reference rows (catalog.ts) and the demo
 * (accounts, mapping, logs) need: subcategories per category, fields per model, which sync types
 * each app supports, and the app's own field names. Everything is a pure function of the app id
 * and the static data (hash-based, not random), so it never changes between runs.
 */

interface Attribute {
  name: string;
  type: string;
  description: string;
}

export const parseAttr = (text: string): Attribute => {
  const [name, type, ...rest] = text.split(':');
  return { name, type, description: rest.join(':') };
};

export function subcategoriesOf(category: Category): SubcategorySpec[] {
  return PEOPLE_MODELS[category] ?? BUSINESS_MODELS[category] ?? [];
}

/** Field ids of a model: its attributes, then its sub-models' attributes as dot paths. */
export function modelFields(model: ModelSpec): Attribute[] {
  const top = model.attrs.map(parseAttr);
  const nested = (model.subModels ?? []).flatMap(([sub, attrs]) =>
    attrs.map(parseAttr).map((a) => ({ ...a, name: `${sub}.${a.name}` })),
  );
  return [...top, ...nested];
}

interface AppSupport {
  notSupportedSyncTypes: string[];
  customFieldsSupport: Record<string, boolean>;
  isCustomFieldsSupported: boolean;
}

/**
 * Which sync types an app cannot sync, and where it supports custom fields. The first sync type
 * of a category is always supported (every app does the category's main object); sandbox apps
 * support everything.
 */
export function appSupport(app: CatalogApp): AppSupport {
  const subs = subcategoriesOf(app.category).map((s) => s.value);
  const notSupported = app.isSandbox ? [] : subs.filter((s, i) => i > 0 && stableHash(`${app.id}|ns|${s}`) % 6 === 0);
  const customFieldsSupport: Record<string, boolean> = {};
  for (const s of subs) {
    if (notSupported.includes(s)) continue;
    customFieldsSupport[s] = app.isSandbox === true || stableHash(`${app.id}|cf|${s}`) % 5 !== 0;
  }
  return {
    notSupportedSyncTypes: notSupported,
    customFieldsSupport,
    isCustomFieldsSupported: Object.values(customFieldsSupport).some(Boolean),
  };
}

/** Sync types an app syncs (its category's, minus the unsupported ones). */
export function supportedSubcategories(app: CatalogApp): SubcategorySpec[] {
  const { notSupportedSyncTypes } = appSupport(app);
  return subcategoriesOf(app.category).filter((s) => !notSupportedSyncTypes.includes(s.value));
}

// How each app spells its fields: apps differ, which is what makes mapping worth a screen.
const NAMING_STYLES = [
  (n: string) => ({ id: n, from: n }),
  (n: string) => ({ id: snake(n), from: snake(n) }),
  (n: string) => ({ id: pascal(n), from: pascal(n) }),
  (n: string) => ({ id: n.toLowerCase(), from: `properties.${n.toLowerCase()}` }),
  (n: string) => ({ id: n, from: `fields.${n}` }),
];

const snake = (n: string) => n.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
const pascal = (n: string) => n.split('.').map((p) => p[0].toUpperCase() + p.slice(1)).join('.');

/** App fields nobody maps by default: the UNMAPPED rows of a mapping table. */
const EXTRA_FIELDS: [name: string, type: string, sample: string][] = [
  ['customFields.costCenter', 'STRING', 'CC-1042'],
  ['customFields.region', 'STRING', 'EMEA'],
  ['customFields.tier', 'STRING', 'Gold'],
  ['externalId', 'STRING', 'EXT-88213'],
  ['tags', 'ARRAY', '["priority","q3"]'],
  ['customFields.internalCode', 'STRING', 'AX-7'],
  ['notes', 'STRING', 'Imported from the legacy system'],
  ['customFields.score', 'NUMBER', '87'],
];

const SAMPLES: Record<string, string> = {
  id: '10482', firstName: 'Ada', lastName: 'Lovelace', workEmail: 'ada.lovelace@northwind.test', email: 'ada.lovelace@northwind.test',
  name: 'Northwind Traders', title: 'Senior Backend Engineer', status: 'ACTIVE', employmentStatus: 'ACTIVE', employmentType: 'FULL_TIME',
  company: 'Northwind Traders', currency: 'USD', amount: '1249.5', totalAmount: '1249.5', phone: '+1 415 555 0134', department: 'Engineering',
  designation: 'Senior Backend Engineer', location: 'Berlin, Germany', stage: 'Negotiation', priority: 'HIGH', type: 'CALL',
  subject: 'Quarterly business review', memo: 'Team offsite travel', industry: 'Software', website: 'https://northwind.test',
};

/** A plausible sample value of an attribute, as text (non-strings JSON-encoded). */
export function sampleValue(attr: Attribute): string {
  if (SAMPLES[attr.name]) return SAMPLES[attr.name];
  switch (attr.type) {
    case 'number': return String((stableHash(attr.name) % 900) + 100);
    case 'boolean': return 'false';
    case 'date': return '2025-03-14T09:30:00Z';
    case 'array': return '[]';
    case 'object': return '{}';
    default: return `${attr.name}-${(stableHash(attr.name) % 9000) + 1000}`;
  }
}

interface AppField {
  fieldId: string;
  fieldFromApp: string;
  fieldToOrg: string | null;
  dataType: string;
  fieldType: 'DEFAULT' | 'UNMAPPED';
  sampleData: string | null;
}

/**
 * The default mapping rows an app offers for one sync type: the default model's scalar
 * attributes mapped to the unified names (DEFAULT), then a few app-only fields (UNMAPPED).
 */
export function appFields(app: CatalogApp, sub: SubcategorySpec): AppField[] {
  const style = NAMING_STYLES[stableHash(app.id) % NAMING_STYLES.length];
  const model = sub.models.find((m) => m.default) ?? sub.models[0];
  const defaults = model.attrs
    .map(parseAttr)
    .filter((a) => a.type !== 'object' && a.type !== 'array')
    .map((a): AppField => {
      const n = style(a.name);
      return { fieldId: n.id, fieldFromApp: n.from, fieldToOrg: a.name, dataType: a.type.toUpperCase(), fieldType: 'DEFAULT', sampleData: sampleValue(a) };
    });
  const extras = EXTRA_FIELDS.filter(([name]) => stableHash(`${app.id}|${sub.value}|${name}`) % 2 === 0)
    .slice(0, 5)
    .map(([name, type, sample]): AppField => {
      const n = style(name);
      return { fieldId: n.id, fieldFromApp: n.from, fieldToOrg: null, dataType: type, fieldType: 'UNMAPPED', sampleData: sample };
    });
  // Two spellings can collide (e.g. lower-casing); a table's field ids must be unique.
  const seen = new Set<string>();
  return [...defaults, ...extras].filter((f) => {
    const key = f.fieldId.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Native API base path of an app (what its own REST API looks like), for native call logs. */
export function nativeBasePath(appId: string): string {
  const bases = ['/api/v1', '/v2', '/rest/api/3', '/services/data/v59.0', '/api/gateway.php/company/v1', '/odata/v4', '/api/v3', '/public/v1'];
  return bases[stableHash(appId) % bases.length];
}

/** Every category's real apps (no sandbox apps): what end customers connect in the demo. */
export const DEMO_APPS: Record<Category, CatalogApp[]> = Object.fromEntries(
  CATEGORIES.map((c) => [c, appsOf(c)]),
) as Record<Category, CatalogApp[]>;
