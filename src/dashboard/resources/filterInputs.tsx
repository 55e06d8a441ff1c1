import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { ReactElement } from 'react';
import { SelectArrayInput, SelectInput, useInput } from 'react-admin';
import type { FilterDefinition } from '../../generated/resources/types.ts';
import { ChoicesFilter, dependentsOf } from './filters/ChoicesFilter.tsx';
import { DateRangeFilter } from './filters/DateRangeFilter.tsx';
import { labelOfChoice } from './filters/labels.ts';
import { SearchFilter } from './filters/SearchFilter.tsx';

// The filter bar of a generated list, built from the contract's filter definitions alone: enum
// selects with their x-enum-labels, selects over data (choicesFrom, narrowed by other filters),
// date ranges over two parameters, debounced searches and two-sided toggles. A screen may replace
// one filter's input (overrides, by source) when it needs more than its kind gives.

export { choiceLabel, labelOfChoice } from './filters/labels.ts';

/** A boolean filter whose label names both sides ('API Calls / Webhooks') as a two-button switch. */
function ToggleFilter({ source, label }: { source: string; label: string; alwaysOn?: boolean }) {
  const { field } = useInput({ source });
  const [on, off] = label.split(' / ');
  return (
    <ToggleButtonGroup exclusive size="small" color="primary" value={field.value === false ? 'off' : 'on'}
      onChange={(_, value: 'on' | 'off' | null) => value && field.onChange(value === 'on')} aria-label={label} sx={{ mb: 0.5, bgcolor: 'background.paper' }}>
      <ToggleButton value="on" sx={{ px: 2 }}>{on ?? 'On'}</ToggleButton>
      <ToggleButton value="off" sx={{ px: 2 }}>{off ?? 'Off'}</ToggleButton>
    </ToggleButtonGroup>
  );
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
      return (
        <SelectArrayInput key={filter.source} source={filter.source} label={filter.label} alwaysOn
          choices={filter.choices.map((choice) => ({ id: choice, name: labelOfChoice(filter, choice) }))} sx={{ minWidth: 200 }} />
      );
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

/** The filters' contract defaults (status 'all', last 30 days, API calls, ...). */
export function filterDefaults(filters: readonly FilterDefinition[]): Record<string, unknown> {
  return Object.fromEntries(filters.filter((filter) => filter.default !== undefined).map((filter) => [filter.source, filter.default]));
}
