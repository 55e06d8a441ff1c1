import type { CatalogApp } from './catalogApps.ts';
import type { Category } from '../../shared/categories.ts';
import { appFields, appSupport, DEMO_APPS, subcategoriesOf } from './catalogModel.ts';
import type { DemoAccount, DemoContext } from './context.ts';
import { DAY_MS } from '../../shared/timeWindows.ts';

/*
 * Mapping presets (app, account and category presets) and the mapping tables of accounts that
 * show custom fields. An account that follows a preset gets the preset's CUSTOM rows in its own
 * table, so the preset wizard and the Edit mapped fields modal agree.
 */

interface PresetField {
  subcategory: string;
  fieldId: string;
  fieldFromApp: string;
  fieldToOrg: string;
  dataType: string;
  sampleData: string | null;
  userAdded: boolean;
}

interface PresetPlan {
  id: string;
  name: string;
  mode: 'app' | 'account' | 'category';
  app: CatalogApp | null;
  category: Category;
  apps: CatalogApp[];
  fields: PresetField[];
  accounts: DemoAccount[];
  isDefault: boolean;
  createdAt: number;
}

/** The customer's key for an app field: snake case of its last path segment. */
const toOrgKey = (fieldId: string): string =>
  (fieldId.split('.').pop() ?? fieldId).replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/[^A-Za-z0-9_-]/g, '_').toLowerCase();

const eligible = (a: DemoAccount) => a.showCustomFields && a.state !== 'Email sent';

/** The first sync type where the app takes custom fields. */
function customSubcategory(app: CatalogApp): string | undefined {
  const support = appSupport(app).customFieldsSupport;
  return Object.keys(support).find((s) => support[s]);
}

function customRows(app: CatalogApp, subcategory: string, userAdded: [string, string][]): PresetField[] {
  const sub = subcategoriesOf(app.category).find((s) => s.value === subcategory)!;
  const picked = appFields(app, sub).filter((f) => f.fieldType === 'UNMAPPED').slice(0, 2)
    .map((f) => ({ subcategory, fieldId: f.fieldId, fieldFromApp: f.fieldFromApp, fieldToOrg: toOrgKey(f.fieldId), dataType: f.dataType, sampleData: f.sampleData, userAdded: false }));
  const added = userAdded.map(([fieldId, toOrg]) => ({ subcategory, fieldId, fieldFromApp: fieldId, fieldToOrg: toOrg, dataType: 'STRING', sampleData: null, userAdded: true }));
  return [...picked, ...added];
}

export function planPresets(ctx: DemoContext): PresetPlan[] {
  const { rng, now, windowStart } = ctx;
  const when = () => windowStart + 30 * DAY_MS + Math.floor(rng.next() * (now - windowStart - 40 * DAY_MS));
  const presets: PresetPlan[] = [];
  const byApp = new Map<string, DemoAccount[]>();
  for (const a of ctx.accounts) if (eligible(a) && customSubcategory(a.app)) byApp.set(a.app.id, [...(byApp.get(a.app.id) ?? []), a]);
  const topApps = [...byApp.entries()].sort((x, y) => y[1].length - x[1].length).slice(0, 3);

  topApps.forEach(([, accounts], k) => {
    const app = accounts[0].app;
    const assigned = accounts.filter((_, i) => i === 0 || rng.chance(0.5));
    presets.push({
      id: rng.id('pre'), name: `${app.label} custom fields`, mode: 'app', app, category: app.category, apps: [app],
      fields: customRows(app, customSubcategory(app)!, [['customFields.badgeId', 'badge_id']]), accounts: assigned, isDefault: k === 0, createdAt: when(),
    });
  });
  const free = () => ctx.accounts.filter((a) => eligible(a) && a.presetId === null && !presets.some((p) => p.accounts.includes(a)) && customSubcategory(a.app));
  for (const account of free().slice(0, 2)) {
    presets.push({
      id: rng.id('pre'), name: `${account.customer.name} - ${account.app.label}`, mode: 'account', app: account.app, category: account.category,
      apps: [account.app], fields: customRows(account.app, customSubcategory(account.app)!, []), accounts: [account], isDefault: false, createdAt: when(),
    });
  }
  for (const category of ['HRIS', 'CRM'] as Category[]) {
    const apps = DEMO_APPS[category].filter((a) => customSubcategory(a) === subcategoriesOf(category)[0].value).slice(0, 3);
    if (apps.length === 0) continue;
    const subcategory = subcategoriesOf(category)[0].value;
    const accounts = free().filter((a) => apps.includes(a.app) && rng.chance(0.3));
    presets.push({
      id: rng.id('category'), name: `${category === 'HRIS' ? 'HR' : 'Sales'} cost centres and regions`, mode: 'category', app: null, category, apps,
      fields: [['customFields.costCenter', 'cost_center'], ['customFields.region', 'region']].map(([fieldId, toOrg]) => ({
        subcategory, fieldId, fieldFromApp: fieldId, fieldToOrg: toOrg, dataType: 'STRING', sampleData: null, userAdded: true })),
      accounts, isDefault: false, createdAt: when(),
    });
  }
  for (const p of presets) for (const a of p.accounts) a.presetId = p.id;
  return presets;
}

export function writePresets(ctx: DemoContext, presets: PresetPlan[]): void {
  const admin = ctx.users.admin;
  for (const p of presets) {
    ctx.loader.add('mapping_presets', [p.id, ctx.orgId, p.name, p.mode, p.app?.id ?? null, p.app?.label ?? null, p.category,
      admin.name, admin.id, p.isDefault ? 1 : 0, p.createdAt, p.createdAt + 2 * DAY_MS]);
    p.fields.forEach((f, i) => ctx.loader.add('mapping_preset_fields', [p.id, f.subcategory, f.fieldId, f.fieldFromApp, f.fieldToOrg,
      f.dataType, 'CUSTOM', f.sampleData, f.userAdded ? 1 : 0, i]));
    for (const app of p.apps) ctx.loader.add('mapping_preset_apps', [p.id, app.id, app.label]);
    const customers = [...new Map(p.accounts.map((a) => [a.customer.originOrgId, a.customer])).values()];
    for (const c of customers) ctx.loader.add('mapping_preset_orgs', [p.id, c.originOrgId, c.name]);
  }
}

export function writeMappingFields(ctx: DemoContext, presets: PresetPlan[]): void {
  const { rng, loader, orgId } = ctx;
  const presetOf = new Map(presets.map((p) => [p.id, p]));
  for (const a of ctx.accounts) {
    if (!a.showCustomFields) continue;
    const support = appSupport(a.app).customFieldsSupport;
    const preset = a.presetId ? presetOf.get(a.presetId) : undefined;
    for (const { subCategory } of a.subscribed) {
      if (!support[subCategory]) continue;
      const sub = subcategoriesOf(a.category).find((s) => s.value === subCategory)!;
      const own = preset?.fields.filter((f) => f.subcategory === subCategory) ?? [];
      const rows = appFields(a.app, sub).map((f) => {
        const fromPreset = own.find((p) => p.fieldId.toLowerCase() === f.fieldId.toLowerCase());
        if (fromPreset) return { ...f, fieldType: 'CUSTOM', fieldToOrg: fromPreset.fieldToOrg, userAdded: false };
        if (f.fieldType === 'UNMAPPED' && !preset && rng.chance(0.25)) return { ...f, fieldType: 'CUSTOM', fieldToOrg: toOrgKey(f.fieldId), userAdded: false };
        return { ...f, userAdded: false };
      });
      const known = new Set(rows.map((r) => r.fieldId.toLowerCase()));
      for (const p of own) {
        if (!known.has(p.fieldId.toLowerCase())) rows.push({ ...p, fieldType: 'CUSTOM', sampleData: null, userAdded: true });
      }
      if (!preset && rng.chance(0.2)) rows.push({ fieldId: 'customFields.slackHandle', fieldFromApp: 'customFields.slackHandle', fieldToOrg: 'slack_handle', dataType: 'STRING', fieldType: 'CUSTOM', sampleData: '@ada', userAdded: true });
      rows.forEach((r, i) => loader.add('mapping_fields', [rng.id('map'), orgId, a.id, subCategory, r.fieldId, r.fieldFromApp, r.fieldToOrg,
        r.dataType, r.fieldType, r.sampleData, r.userAdded ? 1 : 0, i, a.createdAt, a.createdAt + (r.fieldType === 'CUSTOM' ? DAY_MS : 0)]));
    }
  }
}

export const PRESET_COLUMNS = ['id', 'org_id', 'name', 'mode', 'app_id', 'app_label', 'category', 'created_by', 'created_by_user_id', 'is_default', 'created_at', 'updated_at'] as const;
export const PRESET_FIELD_COLUMNS = ['preset_id', 'subcategory', 'field_id', 'field_from_app', 'field_to_org', 'data_type', 'field_type', 'sample_data', 'user_added', 'position'] as const;
export const MAPPING_FIELD_COLUMNS = ['id', 'org_id', 'integration_id', 'subcategory', 'field_id', 'field_from_app', 'field_to_org', 'data_type', 'field_type', 'sample_data', 'user_added', 'position', 'created_at', 'updated_at'] as const;
