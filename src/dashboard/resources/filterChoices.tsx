import { useQuery } from '@tanstack/react-query';
import { AutocompleteInput, SelectInput, useListContext } from 'react-admin';
import type { operations } from '../../generated/api/engine.ts';
import type { FilterDefinition, ResourceDefinition } from '../../generated/resources/types.ts';
import { apiClients, unwrap } from '../providers/index.ts';

// Filter-bar selects whose choices are data, not an enum of the contract (organisations,
// integrations, the categories an organisation enabled): they come from GET
// app.filtersMetadata?pageId=<resource>&<current filters> (part 2 §7), narrowed by the list's
// current filters so a choice never leads to an empty table.

type Metadata = NonNullable<operations['appFiltersMetadata']['responses'][200]['content']['application/json']['msg']>;
type Query = operations['appFiltersMetadata']['parameters']['query'];
export type FiltersPage = Query['pageId'];
export type ChoiceList = 'categories' | 'apps' | 'organizations' | 'integrations' | 'integrationStates' | 'syncTypes';
export type ChoiceNarrowing = Partial<Pick<Query, 'category' | 'originOrgId'>>;

const FIVE_MINUTES = 300_000;

/** The filter choices of a page, cached by react-admin's query client for five minutes. */
export function useFilterChoices(pageId: FiltersPage, narrow: ChoiceNarrowing = {}) {
  const query: Query = { pageId, ...Object.fromEntries(Object.entries(narrow).filter(([, value]) => value)) };
  return useQuery({
    queryKey: ['app.filtersMetadata', query],
    queryFn: async ({ signal }): Promise<Metadata> => (await unwrap(apiClients.engine.GET('/app.filtersMetadata', { params: { query }, signal }))).msg,
    staleTime: FIVE_MINUTES,
  });
}

/** A filter definition of a generated resource, by source (its label and `in` stay the contract's). */
export function filterOf(definition: ResourceDefinition, source: string): FilterDefinition {
  const filter = definition.filters.find((candidate) => candidate.source === source);
  if (!filter) throw new Error(`${definition.name} has no filter ${source}`);
  return filter;
}

export interface MetadataFilterProps {
  source: string;
  label: string;
  pageId: FiltersPage;
  list: ChoiceList;
  /** The current filters that narrow this list (the organisation narrows integrations). */
  narrow?: (filterValues: Record<string, unknown>) => ChoiceNarrowing;
  /** Type-ahead for long lists (organisations, integrations). */
  autocomplete?: boolean;
  /** Read by react-admin's filter form: the input is always shown. */
  alwaysOn?: boolean;
  /** Set by react-admin's filter form ('small'), passed on so every filter has the same height. */
  size?: 'small' | 'medium';
}

/** A filter-bar select over one list of app.filtersMetadata; blank means no filter ('All'). */
export function MetadataFilter({ source, label, pageId, list, narrow, autocomplete = false, size = 'small' }: MetadataFilterProps) {
  const { filterValues } = useListContext();
  const { data, isPending } = useFilterChoices(pageId, narrow ? narrow((filterValues ?? {}) as Record<string, unknown>) : {});
  const choices = (data?.[list] ?? []).map((choice) => ({ id: choice.value, name: choice.label }));
  if (autocomplete) {
    return (
      <AutocompleteInput
        source={source}
        label={label}
        choices={choices}
        isPending={isPending}
        emptyText="All"
        size={size}
        helperText={false}
        sx={{ minWidth: 240 }}
        // Clearing the box removes the filter rather than sending an empty string.
        parse={(value: unknown) => (value === '' || value === null ? undefined : value)}
      />
    );
  }
  return (
    <SelectInput
      source={source}
      label={label}
      choices={choices}
      isPending={isPending}
      emptyText="All"
      size={size}
      helperText={false}
      // 'All' shows in the box when nothing is chosen, like the selects with a contract default.
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      sx={{ minWidth: 180 }}
    />
  );
}
