import { SelectArrayInput } from 'react-admin';
import type { FilterDefinition } from '../../../generated/resources/types.ts';
import { labelOfChoice } from './labels.ts';

export interface MultiSelectFilterProps {
  source: string;
  filter: FilterDefinition;
  alwaysOn?: boolean;
}

/** A filter of several enum values at once, each shown with its x-enum-labels label. */
export function MultiSelectFilter({ source, filter }: MultiSelectFilterProps) {
  return (
    <SelectArrayInput source={source} label={filter.label}
      choices={(filter.choices ?? []).map((choice) => ({ id: choice, name: labelOfChoice(filter, choice) }))} sx={{ minWidth: 200 }} />
  );
}
