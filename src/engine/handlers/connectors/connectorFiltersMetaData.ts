import type { components } from '../../../generated/api/ai.ts';
import { defineSessionHandler } from '../types.ts';
import { listConnectors, MEDIA, parseApps, requireConnector, STATUSES } from '../../repositories/connectors.ts';
import { STATE_BY_FILTER } from '../../../shared/integrationStates.ts';
import { appsAndCustomersOfConnector } from '../../repositories/connectorAccounts.ts';
import { aiCaller } from './context.ts';

type Filter = components['schemas']['ConnectorFilterMeta'];
type Option = Filter['options'][number];

const capitalised = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);
const select = (key: string, label: string, options: Option[], defaultValue: string | null = null): Filter => ({ key, label, kind: 'select', options, default: defaultValue });
const search = (label: string): Filter => ({ key: 'search', label, kind: 'search', options: [], default: null });
const byLabel = (a: Option, b: Option) => a.label.localeCompare(b.label, 'en', { sensitivity: 'base' });
const distinct = (options: Option[]) => [...new Map(options.map((o) => [o.value, o])).values()].sort(byLabel);

// The filter bars of the connectors screens, with choices taken from the organisation's data: the
// keys are the query parameters of connectors.list (no connectorId) or connector.integrations.
export const connectorFiltersMetaData = defineSessionHandler('connectorFiltersMetaData', async ({ query }, ctx) => {
  const { db, orgId } = aiCaller(ctx);
  if (!query.connectorId) {
    const rows = await listConnectors(db, orgId);
    return {
      filters: [
        select('status', 'Status', [{ value: 'all', label: 'All' }, ...STATUSES.map((s) => ({ value: s, label: capitalised(s) }))], 'all'),
        select('appId', 'App', distinct(rows.flatMap((r) => parseApps(r.apps_json).map((a) => ({ value: a.id, label: a.label ?? a.id }))))),
        select('medium', 'Medium', MEDIA.map((m) => ({ value: m, label: m === 'api' ? 'API' : capitalised(m) }))),
        select('createdBy', 'Created By', distinct(rows.filter((r) => r.created_by).map((r) => ({ value: r.created_by!, label: r.created_by! })))),
        search('Search connectors'),
      ],
    };
  }
  const connector = await requireConnector(db, orgId, query.connectorId);
  const accounts = await appsAndCustomersOfConnector(db, orgId, connector.id);
  const apps = [
    ...parseApps(connector.apps_json).map((a) => ({ value: a.id, label: a.label ?? a.id })),
    ...accounts.map((a) => ({ value: a.app_id, label: a.app_label })),
  ];
  return {
    filters: [
      select('integrationState', 'Status', [{ value: 'all', label: 'All' }, ...Object.entries(STATE_BY_FILTER).map(([value, label]) => ({ value, label }))], 'all'),
      select('appId', 'App', distinct(apps)),
      select('originOrgId', 'Organization', distinct(accounts.map((a) => ({ value: a.origin_org_id, label: a.origin_org_name })))),
      search('Search integrations'),
    ],
  };
});
