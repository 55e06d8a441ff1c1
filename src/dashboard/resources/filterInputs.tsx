import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { ReactElement } from 'react';
import { SearchInput, SelectArrayInput, SelectInput, useInput } from 'react-admin';
import type { FilterDefinition } from '../../generated/resources/types.ts';

// Filter inputs of a generated list, by the filter's kind. Filters whose options come from the
// server (organisations, apps) and date ranges need their own widgets: they belong to the
// hand-written screens and are left out of the generic list.

const TIME_LABELS: Record<string, string> = {
  all: 'All time',
  last24h: 'Last 24 hours',
  last30: 'Last 30 days',
  last60: 'Last 60 days',
  last180: 'Last 6 months',
  last365: 'Last 1 year',
};

const DAY_MS = 86_400_000;

/** Label of a time-filter choice: a named period or a period in milliseconds (logs). */
export function timeChoiceLabel(choice: string | number | boolean): string {
  if (typeof choice === 'number') {
    const days = Math.round(choice / DAY_MS);
    if (days === 1) return 'Last 24 hours';
    if (days === 180) return 'Last 6 months';
    if (days === 365) return 'Last 1 year';
    return `Last ${days} days`;
  }
  return TIME_LABELS[String(choice)] ?? String(choice);
}

/** Label of a select choice: enum values as people read them ('email_sent' -> 'Email sent', 'HRIS' stays). */
export function choiceLabel(choice: string | number | boolean): string {
  const text = String(choice);
  if (text === 'all') return 'All';
  if (/^[A-Z0-9_]+$/.test(text)) return text.replace(/_/g, ' ');
  const spaced = text.replace(/_/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** A boolean filter whose label names both sides ('API Calls / Webhooks') as a two-button switch. */
function ToggleFilter({ source, label }: { source: string; label: string; alwaysOn?: boolean }) {
  const { field } = useInput({ source });
  const [on, off] = label.split(' / ');
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      value={field.value === false ? 'off' : 'on'}
      onChange={(_, value: 'on' | 'off' | null) => value && field.onChange(value === 'on')}
      aria-label={label}
      sx={{ mb: 0.5, bgcolor: 'background.paper' }}
    >
      <ToggleButton value="on" sx={{ px: 2 }}>{on ?? 'On'}</ToggleButton>
      <ToggleButton value="off" sx={{ px: 2 }}>{off ?? 'Off'}</ToggleButton>
    </ToggleButtonGroup>
  );
}

export function filterInputs(filters: readonly FilterDefinition[]): ReactElement[] {
  const inputs: ReactElement[] = [];
  for (const filter of filters) {
    const choices = filter.choices ?? [];
    switch (filter.kind) {
      case 'search':
        inputs.push(<SearchInput key={filter.source} source={filter.source} alwaysOn placeholder={filter.label} />);
        break;
      case 'toggle':
        inputs.push(<ToggleFilter key={filter.source} source={filter.source} label={filter.label} alwaysOn />);
        break;
      case 'timeFilter':
      case 'select': {
        if (choices.length === 0) break;
        const label = (choice: string | number | boolean) => (filter.kind === 'timeFilter' ? timeChoiceLabel(choice) : choiceLabel(choice));
        // SelectInput always offers an empty option; with a contract default that option is the default.
        const hasDefault = filter.default !== undefined;
        inputs.push(
          <SelectInput
            key={filter.source}
            source={filter.source}
            label={filter.label}
            alwaysOn
            emptyText={hasDefault ? label(filter.default as string | number | boolean) : 'All'}
            {...(hasDefault ? { emptyValue: filter.default } : {})}
            choices={choices.filter((choice) => choice !== filter.default).map((choice) => ({ id: choice, name: label(choice) }))}
            sx={{ minWidth: 180 }}
          />,
        );
        break;
      }
      case 'multiselect':
        if (choices.length === 0) break;
        inputs.push(
          <SelectArrayInput
            key={filter.source}
            source={filter.source}
            label={filter.label}
            alwaysOn
            choices={choices.map((choice) => ({ id: choice, name: choiceLabel(choice) }))}
            sx={{ minWidth: 200 }}
          />,
        );
        break;
      default:
        break;
    }
  }
  return inputs;
}

/** The filters' contract defaults (status 'all', last 30 days, API calls, ...). */
export function filterDefaults(filters: readonly FilterDefinition[]): Record<string, unknown> {
  return Object.fromEntries(filters.filter((filter) => filter.default !== undefined).map((filter) => [filter.source, filter.default]));
}
