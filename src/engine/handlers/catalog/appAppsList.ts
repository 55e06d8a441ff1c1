import { defineSessionHandler, type MsgOf } from '../types.ts';
import { forbidden } from '../../errors.ts';
import { listCategories, parseJson, byLabel } from '../../repositories/catalog.ts';
import { appSetupSteps, listApps } from '../../repositories/appCatalog.ts';
import { appsChosenAtSignUp } from '../../repositories/users.ts';

type Entry = MsgOf<'appAppsList'>[number];

// Requested apps get a stable id from their name, the same for every user who asked for them.
const requestedId = (label: string) =>
  `requested_${label.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'app'}`;

// The catalog: every app of the apps table with its setup steps, by category (enum order) then
// label; with an organisation, the apps its users requested at sign-up that the catalog lacks.
export const appAppsList = defineSessionHandler('appAppsList', async ({ query }, { db, caller }) => {
  if (query.orgId !== undefined && query.orgId !== caller.orgId) throw forbidden('You can only list the apps of your own organisation');

  const [categories, apps, steps] = await Promise.all([
    listCategories(db),
    listApps(db, query.category),
    appSetupSteps(db, query.category),
  ]);
  const order = new Map(categories.map((c, i) => [c.id as string, i]));
  apps.sort((a, b) => (order.get(a.category) ?? 99) - (order.get(b.category) ?? 99) || byLabel<typeof a>((x) => x.label)(a, b));

  const entries: Entry[] = apps.map((app) => ({
    category: app.category as Entry['category'],
    label: app.label,
    id: app.id,
    logo: app.logo,
    authType: app.auth_type as Entry['authType'],
    setupSteps: steps.filter((s) => s.app_id === app.id).map((s) => ({ stepId: s.step_id, setupType: s.setup_type as Entry['setupSteps'][number]['setupType'] })),
    customFieldsSupport: parseJson<Record<string, boolean>>(app.custom_fields_support_json, {}),
    notSupportedSyncTypes: parseJson<string[]>(app.not_supported_sync_types_json, []),
    isCustomFieldsSupported: app.is_custom_fields_supported === 1,
  }));
  if (query.category) return entries;

  // Requested apps: what users of the organisation typed at sign-up, minus what the catalog has.
  const chosen = await appsChosenAtSignUp(db, caller.orgId);
  const known = new Set(apps.map((a) => a.label.toLowerCase()));
  const requested = new Map<string, string>();
  for (const appsJson of chosen) {
    for (const app of parseJson<{ label?: string; category?: string }[]>(appsJson, [])) {
      const label = app.label?.trim();
      if (app.category !== 'Requested' || !label || known.has(label.toLowerCase())) continue;
      requested.set(requestedId(label), requested.get(requestedId(label)) ?? label);
    }
  }
  const extra = [...requested].map(([id, label]): Entry => ({
    category: 'Requested', label, id, logo: null, authType: 'NONE', setupSteps: [], customFieldsSupport: {}, notSupportedSyncTypes: [], isCustomFieldsSupported: false,
  }));
  return [...entries, ...extra.sort(byLabel((e) => e.label))];
});
