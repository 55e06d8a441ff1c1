import type { Kysely, Transaction } from 'kysely';
import type { components } from '../../generated/api/ai.ts';
import type { Database } from '../db/schema.ts';
import { badRequest } from '../errors.ts';
import { type AuthType, type StoredApp } from './connectors.ts';
import type { Category } from '../../shared/categories.ts';
import { logoUrl } from './integratedAccounts.ts';

// The apps AI connectors can be built for: the unified-API catalog (without its built-in sandbox
// apps, which only exist to try the unified flow) and the organisation's custom apps, described by
// hand with connector.custom.add. Both sets are small (a catalog of a few hundred apps, a handful
// of custom ones), so a page is cut from the merged, label-ordered list.
type Db = Kysely<Database> | Transaction<Database>;
type AiApp = components['schemas']['AiAppRow'];
const APP_NOT_FOUND = 'App not found';

const httpUrl = (value: string | null | undefined) => (value && /^https?:\/\//i.test(value) ? value : null);

export async function listAiApps(db: Db, orgId: string, filters: { search?: string; category?: string } = {}): Promise<AiApp[]> {
  const [catalog, custom] = await Promise.all([
    db.selectFrom('apps').leftJoin('categories', 'categories.id', 'apps.category')
      .select(['apps.id', 'apps.label', 'apps.logo', 'apps.category', 'apps.auth_type', 'apps.docs_url', 'categories.label as category_label', 'categories.description'])
      .where('apps.is_sandbox', '=', 0)
      .$if(filters.category !== undefined, (q) => q.where('apps.category', '=', filters.category!))
      .execute(),
    db.selectFrom('custom_apps').selectAll().where('org_id', '=', orgId)
      .$if(filters.category !== undefined, (q) => q.where('category', '=', filters.category!))
      .execute(),
  ]);
  const apps: AiApp[] = [
    ...catalog.map((a): AiApp => ({
      appId: a.id, label: a.label, logo: logoUrl(a.logo) ?? null, category: a.category as Category, authType: a.auth_type as AuthType,
      docsUrl: httpUrl(a.docs_url), unifiedApiSupported: true,
      // The catalog has no per-app blurb: the app's unified category says what it holds.
      description: a.description ?? a.category_label ?? a.category,
    })),
    ...custom.map((a): AiApp => ({
      appId: a.id, label: a.label, logo: null, category: (a.category ?? null) as Category | null, authType: a.auth_type as AuthType,
      docsUrl: httpUrl(a.docs_url), unifiedApiSupported: false, description: `Custom app, API at ${a.base_url}`,
    })),
  ];
  const needle = filters.search?.trim().toLowerCase();
  return apps
    .filter((a) => !needle || a.label.toLowerCase().includes(needle) || a.appId.toLowerCase().includes(needle))
    .sort(byLabelThenId);
}

const byLabelThenId = (a: AiApp, b: AiApp) => a.label.localeCompare(b.label, 'en', { sensitivity: 'base' }) || (a.appId < b.appId ? -1 : a.appId > b.appId ? 1 : 0);

/**
 * The apps of appIds in the order given, as a connector stores them, with the first app's auth
 * type. An id that is neither in the catalog nor a custom app of the organisation: 400 on `<field>.<i>`.
 */
export async function resolveApps(db: Db, orgId: string, appIds: string[], field = 'appIds'): Promise<{ apps: StoredApp[]; authType: AuthType | undefined }> {
  if (appIds.length === 0) return { apps: [], authType: undefined };
  const [catalog, custom] = await Promise.all([
    db.selectFrom('apps').select(['id', 'label', 'logo', 'category', 'auth_type']).where('id', 'in', appIds).where('is_sandbox', '=', 0).execute(),
    db.selectFrom('custom_apps').select(['id', 'label', 'category', 'auth_type']).where('org_id', '=', orgId).where('id', 'in', appIds).execute(),
  ]);
  const found = new Map<string, StoredApp & { authType: AuthType }>();
  for (const a of catalog) found.set(a.id, { id: a.id, label: a.label, logo: logoUrl(a.logo) ?? null, category: a.category, authType: a.auth_type as AuthType });
  for (const a of custom) found.set(a.id, { id: a.id, label: a.label, logo: null, category: a.category, authType: a.auth_type as AuthType });
  const apps = appIds.map((id, i) => {
    const app = found.get(id);
    if (!app) throw badRequest(APP_NOT_FOUND, `${field}.${i}`);
    return app;
  });
  return { apps: apps.map(({ authType: _, ...app }) => app), authType: apps[0].authType };
}

/** 'custom_' plus a slug of the app name: 'Acme ERP' -> custom_acme_erp. */
export function customAppId(appName: string): string {
  const slug = appName.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  return `custom_${slug.slice(0, 60) || 'app'}`;
}

interface CustomApp {
  id: string;
  label: string;
  baseUrl: string;
  docsUrl: string | null;
  category: string | null;
  authType: AuthType;
}

/** Creates the organisation's custom app, or updates it when the same app name was added before. */
export async function saveCustomApp(db: Db, orgId: string, userId: string, app: CustomApp, now: number): Promise<void> {
  const values = { label: app.label, base_url: app.baseUrl, docs_url: app.docsUrl, category: app.category, auth_type: app.authType, updated_at: now };
  await db.insertInto('custom_apps').values({ org_id: orgId, id: app.id, created_by_user_id: userId, created_at: now, ...values })
    .onConflict((oc) => oc.columns(['org_id', 'id']).doUpdateSet(values)).execute();
}
