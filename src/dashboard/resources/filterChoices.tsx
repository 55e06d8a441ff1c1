import type { operations } from '../../generated/api/engine.ts';
import type { FilterDefinition, FilterSourceOf, ResourceDefinition } from '../../generated/resources/types.ts';
import { useOperationMsg } from './filters/operationMsg.ts';

/**
 * A filter of a generated definition, by source. The source is typed by the contract's filters,
 * so a filter renamed or removed in the contract fails the typecheck of every screen naming it.
 */
export function filterOf<D extends ResourceDefinition<string, string>>(definition: D, source: FilterSourceOf<D>): FilterDefinition<FilterSourceOf<D>> {
  const filter = definition.filters.find((candidate) => candidate.source === source);
  if (!filter) throw new Error(`${definition.name} has no filter ${source}`);
  return filter as FilterDefinition<FilterSourceOf<D>>;
}

type Metadata = NonNullable<operations['appFiltersMetadata']['responses'][200]['content']['application/json']['msg']>;
type FiltersPage = operations['appFiltersMetadata']['parameters']['query']['pageId'];
const FILTERS_METADATA = { path: '/app.filtersMetadata', operationId: 'appFiltersMetadata' };

/** Every filter choice list of a page (app.filtersMetadata), sharing the cache of the filter bar's selects. */
export function useFilterChoices(pageId: FiltersPage) {
  return useOperationMsg(FILTERS_METADATA, { pageId }, (msg) => msg as unknown as Metadata);
}
