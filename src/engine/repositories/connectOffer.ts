import type { Kysely, Transaction } from 'kysely';
import type { Database, Row } from '../db/schema.ts';
import type { MsgOf } from '../contractTypes.ts';
import { byLabel, parseJson } from './catalog.ts';
import { enabledCategories, logoUrl } from './integratedAccounts.ts';
import type { StoredApp } from './connectors.ts';
import type { Category } from '../../shared/categories.ts';

// What a magic link or auth session offers the end customer on the connect screen: its
// categories, the apps of each (narrowed by the link's filters, its AI connectors or, for a
// reintegration, the account's own app) and the setup steps of every app from the catalog. The
// read call shows this offer and the complete call checks a choice against the same offer.
type Db = Kysely<Database> | Transaction<Database>;
type ConnectSessionMsg = MsgOf<'connectGetSession'>;
type ConnectCategory = ConnectSessionMsg['categories'][number];
export type ConnectApp = ConnectCategory['apps'][number];
type ConnectStep = ConnectApp['steps'][number];
type SessionRow = Row<'auth_sessions'>;

interface FormSchema {
  required?: string[];
  properties?: Record<string, { title?: string; 'x-ui'?: { widget?: string } }>;
}

/** The steps of an app as the form shows them: a FORM step's JSON schema becomes labelled inputs. */
function toSteps(rows: Pick<Row<'app_setup_steps'>, 'step_id' | 'setup_type' | 'form_schema_json'>[]): ConnectStep[] {
  return rows.map((row) => {
    const schema = parseJson<FormSchema>(row.form_schema_json, {});
    const required = new Set(schema.required ?? []);
    const fields = Object.entries(schema.properties ?? {}).map(([name, property]) => ({
      name,
      label: property.title?.trim() || name,
      type: property['x-ui']?.widget === 'password' ? ('password' as const) : ('text' as const),
      required: required.has(name),
    }));
    return { stepId: row.step_id, setupType: row.setup_type as ConnectStep['setupType'], fields };
  });
}

/** Which catalog apps a session may show: sandbox sessions the sandbox apps, test links both, others the real ones. */
function appKindAllowed(session: SessionRow, app: Pick<Row<'apps'>, 'is_sandbox'>): boolean {
  if (session.sandbox === 1) return app.is_sandbox === 1;
  return app.is_sandbox === 0 || session.test_account === 1;
}

/** Per category, the app ids the session allows (undefined = every app of the category), and the connector per app. */
async function allowedApps(db: Db, session: SessionRow): Promise<{ categories: string[]; only: Map<string, Set<string> | undefined>; connectorOf: Map<string, string> }> {
  const only = new Map<string, Set<string> | undefined>();
  const connectorOf = new Map<string, string>();
  if (session.kind === 'reintegrate' && session.app_id) {
    const app = await db.selectFrom('apps').select(['id', 'category']).where('id', '=', session.app_id).executeTakeFirst();
    if (app) only.set(app.category, new Set([app.id]));
    return { categories: [...only.keys()], only, connectorOf };
  }
  const filters = parseJson<{ category?: string; apps?: string[] }[]>(session.filters_json, []);
  const listed = parseJson<string[]>(session.categories_json, []);
  const connectorIds = parseJson<string[]>(session.connector_ids_json, []);
  // An auth session from a customer backend names no categories: it offers those the
  // organisation enabled in Getting Started.
  const categories = session.kind === 'session' && listed.length === 0 && connectorIds.length === 0
    ? (await enabledCategories(db, session.org_id)).map((c) => c.value as string)
    : listed;
  for (const category of categories) {
    const filter = filters.find((f) => f?.category === category && Array.isArray(f.apps) && f.apps.length > 0);
    only.set(category, filter ? new Set(filter.apps) : undefined);
  }
  if (connectorIds.length > 0) {
    // Only connectors still live: one taken down after the link was made offers nothing.
    const connectors = await db.selectFrom('connectors').select(['id', 'apps_json']).where('org_id', '=', session.org_id)
      .where('id', 'in', connectorIds).where('status', '=', 'live').execute();
    const stored = connectors.flatMap((c) => parseJson<StoredApp[]>(c.apps_json, []).map((a) => ({ ...a, connectorId: c.id })));
    const catalog = stored.length === 0 ? [] : await db.selectFrom('apps').select(['id', 'category']).where('id', 'in', stored.map((a) => a.id)).execute();
    const categoryOf = new Map(catalog.map((a) => [a.id, a.category]));
    for (const app of stored) {
      const category = categoryOf.get(app.id);
      if (!category || connectorOf.has(app.id)) continue;
      connectorOf.set(app.id, app.connectorId);
      const set = only.get(category);
      // A category the link also offers in full keeps every app; otherwise the connectors' apps.
      if (only.has(category) && set === undefined) continue;
      only.set(category, new Set([...(set ?? []), app.id]));
    }
  }
  return { categories: [...only.keys()], only, connectorOf };
}

/**
 * The session's categories in catalog order, each with its offered apps by label (categories with
 * none are left out). `oauthAvailable`: apps with an OAuth sign-in can connect (the sandbox
 * provider that plays their vendors is on).
 */
export async function connectOffer(db: Db, session: SessionRow, options: { oauthAvailable: boolean }): Promise<ConnectCategory[]> {
  const { categories, only, connectorOf } = await allowedApps(db, session);
  if (categories.length === 0) return [];
  const [categoryRows, appRows] = await Promise.all([
    db.selectFrom('categories').select(['id', 'label']).where('id', 'in', categories).orderBy('position').orderBy('id').execute(),
    db.selectFrom('apps').select(['id', 'label', 'category', 'logo', 'auth_type', 'is_sandbox']).where('category', 'in', categories).execute(),
  ]);
  const apps = appRows.filter((a) => appKindAllowed(session, a) && (only.get(a.category)?.has(a.id) ?? true));
  const stepRows = apps.length === 0 ? [] : await db.selectFrom('app_setup_steps').select(['app_id', 'step_id', 'setup_type', 'form_schema_json'])
    .where('app_id', 'in', apps.map((a) => a.id)).orderBy('app_id').orderBy('position').execute();
  return categoryRows.map((c) => ({
    category: c.id as Category,
    label: c.label,
    apps: apps.filter((a) => a.category === c.id).sort(byLabel((a) => a.label)).map((a) => {
      const steps = toSteps(stepRows.filter((s) => s.app_id === a.id));
      return {
        id: a.id,
        label: a.label,
        logo: logoUrl(a.logo) ?? null,
        authType: a.auth_type as ConnectApp['authType'],
        sandbox: a.is_sandbox === 1,
        connectable: options.oauthAvailable || !steps.some((s) => s.setupType === 'OAUTH'),
        connectorId: connectorOf.get(a.id) ?? null,
        steps,
      };
    }),
  })).filter((c) => c.apps.length > 0);
}
