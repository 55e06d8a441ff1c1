import { getQuery, parseQueryFromLocation, type GetListParams, type Store } from 'react-admin';
import type { FilterDefinition, ResourceDefinition } from '../../generated/resources/types.ts';
import { pagedByServer, pageSizeOf } from './pageSize.ts';

// What a generated list asks react-admin's <List> for, in one place: GeneratedList renders with it,
// and the route preload (app/dashboardData.ts) computes the list's first call from it before the
// screen's code has arrived, so both send the same request.

/** The filters' contract defaults (status 'all', last 30 days, API calls, ...). */
export function filterDefaults(filters: readonly FilterDefinition[]): Record<string, unknown> {
  return Object.fromEntries(filters.filter((filter) => filter.default !== undefined).map((filter) => [filter.source, filter.default]));
}

/** The <List> props of a generated list that decide its first call. */
export interface ListSetup {
  resource: string;
  /** Route params and fixed request values: permanent filters. */
  filter: Record<string, string | boolean>;
  filterDefaultValues: Record<string, unknown>;
  perPage: number;
  /** The server pages the list: perPage is the only page size (pageSize.ts). */
  pagedByServer: boolean;
  /** Filters and page in the store under this key... */
  storeKey: string;
  /** ...and in the URL unless this is true. */
  disableSyncWithLocation: boolean;
}

/** A list keeps its filters and page in the URL when the route has no params, unless told otherwise. */
export function listSetupOf(definition: ResourceDefinition, params: Record<string, string | boolean> = {}, syncWithLocation?: boolean): ListSetup {
  return {
    resource: definition.name,
    filter: params,
    filterDefaultValues: filterDefaults(definition.filters),
    perPage: pageSizeOf(definition),
    pagedByServer: pagedByServer(definition),
    storeKey: `${definition.name}.${Object.values(params).join('.') || 'list'}`,
    disableSyncWithLocation: !(syncWithLocation ?? Object.keys(params).length === 0),
  };
}

/** react-admin's default sort of a list (the contract's lists are sorted by the server). */
const DEFAULT_SORT = { field: 'id', order: 'ASC' } as const;

/**
 * The getList params the list's controller starts with: react-admin's own merge (getQuery) of the
 * URL's list query, the list state stored from an earlier visit, and the defaults.
 */
export function firstListParams(setup: ListSetup, search: string, store: Pick<Store, 'getItem'>): GetListParams {
  const query = getQuery({
    queryFromLocation: setup.disableSyncWithLocation ? {} : parseQueryFromLocation({ search }),
    params: store.getItem(setup.storeKey, {}),
    filterDefaultValues: setup.filterDefaultValues,
    sort: DEFAULT_SORT,
    perPage: setup.perPage,
  });
  return {
    pagination: { page: query.page, perPage: setup.pagedByServer ? setup.perPage : query.perPage },
    sort: { field: query.sort, order: query.order },
    filter: { ...query.filter, ...setup.filter },
  };
}
