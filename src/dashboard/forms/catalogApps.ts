import { unwrap, type ApiClients } from '../providers/apiClient.ts';
import type { AppChoice, CatalogApp } from './types.ts';

export const REQUESTED_CATEGORY = 'Requested';

/** app.appsList as multi-select options: one per app id (an app in two categories is listed twice). */
export async function loadCatalogApps(clients?: Pick<ApiClients, 'engine'>): Promise<CatalogApp[]> {
  // The default clients are imported lazily so forms stay usable without the app's wiring (tests).
  const engine = clients?.engine ?? (await import('../providers/clients.ts')).apiClients.engine;
  const body = await unwrap(engine.GET('/app.appsList', {}));
  return dedupeApps(body.msg.map((app) => ({ id: app.id, label: app.label, category: app.category, logo: app.logo ?? null })));
}

export function dedupeApps(apps: readonly CatalogApp[]): CatalogApp[] {
  const byId = new Map<string, CatalogApp>();
  for (const app of apps) if (!byId.has(app.id)) byId.set(app.id, app);
  return [...byId.values()];
}

/** A typed name the catalog does not list becomes a requested app (spec: category Requested). */
export function requestedApp(label: string): AppChoice {
  return { label: label.trim(), category: REQUESTED_CATEGORY };
}

export const choiceKey = (choice: AppChoice) => (typeof choice === 'string' ? choice : `requested:${choice.label.toLowerCase()}`);
