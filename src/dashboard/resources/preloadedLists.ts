import { hashKey, type QueryClient } from '@tanstack/react-query';
import type { GetListParams, GetListResult } from 'react-admin';
import { PRELOAD_TTL_MS } from '../providers/dataProvider.ts';

// A list's first page, fetched by the route preload (app/listPreload.ts) before its screen has
// rendered, is put into react-admin's query cache under the key its list asks with. The list's
// first render then draws its rows, instead of the table's skeleton and, in a second long task,
// the rows. That page was fetched a moment ago: it counts as fresh as long as the data provider
// would have kept it for the list (PRELOAD_TTL_MS), so the list does not ask for it again as it
// mounts (react-admin enables its query once the user's access is known, and a stale page would be
// fetched then); once refetched, invalidated or older, the page is treated as any other.

/** When each preloaded page went into the cache, by query hash. */
const preloadedAt = new Map<string, number>();

/** react-admin's query key of a list's getList (ra-core useGetList). */
const getListKey = (resource: string, params: GetListParams) =>
  [resource, 'getList', { pagination: params.pagination, sort: params.sort, filter: params.filter, meta: params.meta }] as const;

/** Puts a preloaded first page into the cache, for the list's first mount to show as it is. */
export function putPreloadedList(queryClient: QueryClient, resource: string, params: GetListParams, { data, total, pageInfo, meta }: GetListResult): void {
  const key = getListKey(resource, params);
  const at = Date.now();
  queryClient.setQueryData(key, { data, total, pageInfo, meta }, { updatedAt: at });
  preloadedAt.set(hashKey(key), at);
}

/** react-query's staleTime for lists: a page the preload put in the cache stays fresh a moment; any other page is stale at once. */
export function listStaleTime(query: { queryHash: string; state: { dataUpdatedAt: number } }): number {
  const at = preloadedAt.get(query.queryHash);
  if (at === undefined) return 0;
  if (query.state.dataUpdatedAt === at) return PRELOAD_TTL_MS;
  preloadedAt.delete(query.queryHash);
  return 0;
}
