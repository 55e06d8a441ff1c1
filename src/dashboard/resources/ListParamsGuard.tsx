import { useEffect, useMemo, useRef, type ReactNode } from 'react';
// react-admin's navigate: the router the list's parameters live in (under vitest, react-admin and
// the dashboard's sources load different copies of react-router).
import { ListContextProvider, useListContext, useNavigate } from 'react-admin';
import type { ResourceDefinition } from '../../generated/resources/types.ts';
import { sanitizeFilters } from './filters/sanitize.ts';
import { pagedByServer, pageSizeOf } from './pageSize.ts';

/** The query react-admin keeps a list's parameters in (its own keys, JSON for the objects). */
function listSearch(params: { filter: Record<string, unknown>; displayedFilters: unknown; sort: { field: string; order: string }; page: number; perPage: number }): string {
  const search = new URLSearchParams({
    displayedFilters: JSON.stringify(params.displayedFilters ?? {}),
    filter: JSON.stringify(params.filter),
    order: params.sort.order,
    page: String(params.page),
    perPage: String(params.perPage),
    sort: params.sort.field,
  });
  return `?${search.toString()}`;
}

/**
 * Puts a filter set the contract refuses (from the URL, the stored list state or a link) back to
 * valid values and defaults, and a server-paged list's page size back to the contract's, in the
 * URL and the store too, so a broken link never sticks. Until they hold the corrected values,
 * everything inside (the filter bar, the table, the pager, and a screen's counters and charts,
 * which make calls of their own with the list's filters) reads the corrected ones, so a refused
 * value never reaches the engine.
 *
 * The correction replaces the link's history entry (Back leaves the list, instead of landing on the
 * link that is corrected again) and keeps its page: a click on the pager made while the corrected
 * URL is still rendering carries the uncorrected filters, and is corrected again without losing the
 * page it asked for. Only a new page size goes back to page 1.
 */
export function ListParamsGuard({ definition, urlSynced, children }: { definition: ResourceDefinition; urlSynced: boolean; children: ReactNode }) {
  const context = useListContext();
  const navigate = useNavigate();
  const { filterValues, setFilters, displayedFilters, page, perPage, setPage, setPerPage, sort } = context;
  const { values, changed } = sanitizeFilters(definition, (filterValues ?? {}) as Record<string, unknown>);
  const pageSize = pagedByServer(definition) && perPage !== pageSizeOf(definition) ? pageSizeOf(definition) : undefined;
  const target = changed || pageSize !== undefined
    ? listSearch({ filter: values, displayedFilters, sort, page: pageSize === undefined ? page : 1, perPage: pageSize ?? perPage })
    : undefined;
  // The effect runs on every render until the correction arrives: one navigation for each target.
  const applied = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (target === undefined) {
      applied.current = undefined;
      return;
    }
    if (applied.current === target) return;
    applied.current = target;
    if (urlSynced) {
      navigate({ search: target }, { replace: true });
      return;
    }
    // A list kept in the store only: react-admin applies these calls of one tick as one change.
    if (changed) setFilters(values, displayedFilters);
    if (pageSize !== undefined) setPerPage(pageSize);
    else setPage(page);
  });
  // Keyed by the corrected set's text: sanitizeFilters returns a new object on every render.
  const corrected = changed ? JSON.stringify(values) : undefined;
  const guarded = useMemo(
    () => (corrected === undefined && pageSize === undefined ? context : { ...context, ...(changed ? { filterValues: values } : {}), ...(pageSize === undefined ? {} : { perPage: pageSize, page: 1 }) }),
    // `corrected` stands for `changed` and `values`.
    [context, corrected, pageSize],
  );
  return <ListContextProvider value={guarded}>{children}</ListContextProvider>;
}
