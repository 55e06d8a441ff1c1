import type { ReactElement } from 'react';
import { SelectInput } from 'react-admin';
import type { FilterDefinition } from '../../generated/resources/types.ts';
import { preloadable, useLoaded } from '../app/preloadable.tsx';
import { ChoicesFilter, dependentsOf } from './filters/ChoicesFilter.tsx';
import { DateRangeFilter } from './filters/DateRangeFilter.tsx';
import { labelOfChoice } from './filters/labels.ts';
import type { MultiSelectFilterProps } from './filters/MultiSelectFilter.tsx';
import { SearchFilter } from './filters/SearchFilter.tsx';
import { ToggleFilter } from './filters/ToggleFilter.tsx';

// The filter bar of a generated list, built from the contract's filter definitions alone: enum
// selects with their x-enum-labels, selects over data (choicesFrom, narrowed by other filters),
// date ranges over two parameters, debounced searches and two-sided toggles. A screen may replace
// one filter's input (overrides, by source) when it needs more than its kind gives.

export { labelOfChoice } from './filters/labels.ts';

// No list of the contract has a multi-select filter yet: react-admin's SelectArrayInput (with its
// Labeled and Stack) comes in a chunk of its own, and the input shows once that chunk is in.
const MultiSelectFilter = preloadable(() => import('./filters/MultiSelectFilter.tsx').then((module) => module.MultiSelectFilter));
function MultiSelectInput(props: MultiSelectFilterProps) {
  return useLoaded(MultiSelectFilter) ? <MultiSelectFilter {...props} /> : null;
}

function enumSelect(filter: FilterDefinition): ReactElement | undefined {
  const choices = filter.choices ?? [];
  if (choices.length === 0) return undefined;
  // SelectInput always offers an empty option; with a contract default that option is the default.
  const hasDefault = filter.default !== undefined;
  return (
    <SelectInput key={filter.source} source={filter.source} label={filter.label} alwaysOn
      emptyText={hasDefault ? labelOfChoice(filter, filter.default as string | number | boolean) : 'All'}
      {...(hasDefault ? { emptyValue: filter.default } : {})}
      choices={choices.filter((choice) => choice !== filter.default).map((choice) => ({ id: choice, name: labelOfChoice(filter, choice) }))}
      // The empty choice ('All', or the default's label) shows in the box, under a raised label.
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      sx={{ minWidth: 180 }} />
  );
}

function filterInput(filter: FilterDefinition, all: readonly FilterDefinition[]): ReactElement | undefined {
  switch (filter.kind) {
    case 'search':
      return <SearchFilter key={filter.source} source={filter.source} filter={filter} alwaysOn />;
    case 'toggle':
      return <ToggleFilter key={filter.source} source={filter.source} label={filter.label} alwaysOn />;
    case 'dateRange':
      return <DateRangeFilter key={filter.source} source={filter.source} filter={filter} alwaysOn />;
    case 'timeFilter':
    case 'select':
      return filter.choicesFrom
        ? <ChoicesFilter key={filter.source} source={filter.source} filter={filter} clears={dependentsOf(filter, all)} alwaysOn />
        : enumSelect(filter);
    case 'multiselect':
      if (!filter.choices?.length) return undefined;
      return <MultiSelectInput key={filter.source} source={filter.source} filter={filter} alwaysOn />;
    default:
      return undefined;
  }
}

/** The filter inputs of a list, in the contract's order; `overrides` replace inputs by source. */
export function filterInputs<S extends string>(filters: readonly FilterDefinition<S>[], overrides: Partial<Record<S, ReactElement>> = {}): ReactElement[] {
  return filters.flatMap((filter) => {
    const input = overrides[filter.source] ?? filterInput(filter, filters);
    return input ? [input] : [];
  });
}
