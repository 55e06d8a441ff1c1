import { AutocompleteInput, SelectInput, useListContext } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type { FilterDefinition } from '../../../generated/resources/types.ts';
import { choiceLabel } from './labels.ts';
import { choicesQuery, useOperationMsg } from './operationMsg.ts';

// A select whose choices are data (apps, organisations, accounts): the contract's `choicesFrom`
// names the GET operation and the list in its answer, and which of the list's current filters
// narrow it, so a choice never leads to an empty table. Cached five minutes per query.

interface Choice {
  value: string;
  label: string;
}

function useChoices(filter: FilterDefinition, filterValues: Readonly<Record<string, unknown>>) {
  const from = filter.choicesFrom;
  const list = from?.list ?? '';
  return useOperationMsg(from, from ? choicesQuery(from, filterValues) : {}, (msg) => {
    const choices = msg[list];
    return Array.isArray(choices) ? (choices as Choice[]) : [];
  });
}

/** Filters whose choices the given filter narrows: they are cleared when it changes. */
export function dependentsOf(filter: FilterDefinition, all: readonly FilterDefinition[]): string[] {
  return all.filter((other) => Object.values(other.choicesFrom?.narrowBy ?? {}).includes(filter.source)).map((other) => other.source);
}

interface ChoicesFilterProps {
  filter: FilterDefinition;
  /** Filters to clear when this one changes (their choices depend on it). */
  clears: readonly string[];
  source: string;
  alwaysOn?: boolean;
  size?: 'small' | 'medium';
}

export function ChoicesFilter({ filter, clears, size = 'small' }: ChoicesFilterProps) {
  const { filterValues } = useListContext();
  const form = useFormContext();
  const { data, isPending } = useChoices(filter, (filterValues ?? {}) as Record<string, unknown>);
  // An empty data list (no category enabled yet) falls back to the contract's enum, if it has one.
  const loaded = data ?? [];
  const choices = (loaded.length || !filter.choices ? loaded : filter.choices.map((value) => ({ value: String(value), label: filter.choiceLabels?.[String(value)] ?? choiceLabel(value) })))
    .map((choice) => ({ id: choice.value, name: choice.label }));
  const onChange = () => {
    for (const other of clears) form.setValue(other, undefined, { shouldDirty: true });
  };
  // Clearing the box removes the filter rather than sending an empty string.
  const parse = (value: unknown) => (value === '' || value === null ? undefined : value);
  if (filter.autocomplete) {
    // Dense margins like the selects' (react-admin's SelectInput default), so the boxes line up.
    return (
      <AutocompleteInput source={filter.source} label={filter.label} choices={choices} isPending={isPending} emptyText="All" size={size}
        margin="dense" helperText={false} sx={{ minWidth: 240 }} parse={parse} onChange={onChange} />
    );
  }
  return (
    <SelectInput source={filter.source} label={filter.label} choices={choices} isPending={isPending} emptyText="All" size={size}
      helperText={false} parse={parse} onChange={onChange}
      // 'All' shows in the box when nothing is chosen, like the selects with a contract default.
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }} sx={{ minWidth: 180 }} />
  );
}
