import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import dayjs from 'dayjs';
import type { ReactElement } from 'react';
import { useInput, useListContext } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type { FilterDefinition } from '../../../generated/resources/types.ts';
import { MetadataFilter, useFilterChoices, type ChoiceNarrowing } from '../filterChoices.tsx';
import { choiceLabel } from '../filterInputs.tsx';

// The accounts filter bar (part 2 §2, §4): integration state, category, app, organisation and a
// creation date range that never goes beyond today. Sources, labels, defaults and the state enum
// come from the generated definition; app and organisation choices from app.filtersMetadata.

interface FilterChoice {
  value: string;
  label: string;
}

interface FilterProps {
  source: string;
  label: string;
  alwaysOn: true;
}

type Values = Record<string, unknown>;

/** A state or category select; `all` (or no value) is the first choice. */
function SelectFilter({ source, label, choices, defaultValue, clears = [] }: FilterProps & { choices: FilterChoice[]; defaultValue?: string; clears?: string[] }) {
  const { field } = useInput({ source });
  const form = useFormContext();
  const value = typeof field.value === 'string' && field.value ? field.value : (defaultValue ?? '');
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => {
        // A dependent filter (app within a category) is cleared so it never hides every row.
        for (const other of clears) form.setValue(other, '', { shouldDirty: true });
        field.onChange(event.target.value);
      }}
      sx={{ minWidth: 145, bgcolor: 'background.paper' }}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true, MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
    >
      {defaultValue === undefined && <MenuItem value="">All</MenuItem>}
      {choices.map((choice) => (
        <MenuItem key={choice.value} value={choice.value}>
          {choice.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

const toDay = (ms: unknown) => (typeof ms === 'number' && Number.isFinite(ms) ? dayjs(ms).format('YYYY-MM-DD') : '');

/**
 * One end of the creation date range as a date input, stored as unix milliseconds: the start at
 * the beginning of its day, the end at the end of its day. Neither goes beyond today.
 */
export function dateFilterValue(day: string, end: boolean, now = dayjs()): number | '' {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return '';
  let date = dayjs(day);
  if (!date.isValid()) return '';
  if (date.isAfter(now, 'day')) date = now;
  return (end ? date.endOf('day') : date.startOf('day')).valueOf();
}

/** One end of the range as a small date input. */
function DateEnd({ source, label, end, min, max }: { source: string; label: string; end: boolean; min?: string; max: string }) {
  const { field } = useInput({ source });
  return (
    <TextField
      type="date"
      size="small"
      variant="standard"
      value={toDay(field.value)}
      onChange={(event) => field.onChange(dateFilterValue(event.target.value, end))}
      sx={{ width: 120 }}
      slotProps={{ input: { disableUnderline: true }, htmlInput: { max, ...(min ? { min } : {}), 'aria-label': label, style: { padding: '5px 0 6px' } } }}
    />
  );
}

/**
 * The creation date range (the generated filter `start`, with its pair `end`) as one control:
 * two dates under one label. The start can be no later than the end, neither later than today.
 */
function DateRangeFilter({ source, label, endSource }: FilterProps & { endSource: string }) {
  const { filterValues } = useListContext();
  const values = filterValues as Values;
  const today = dayjs().format('YYYY-MM-DD');
  const to = toDay(values[endSource]);
  const from = toDay(values[source]);
  return (
    <Box
      component="fieldset"
      sx={{
        m: 0,
        px: 1.25,
        py: 0,
        border: 1,
        borderColor: 'rgba(0, 0, 0, 0.23)',
        borderRadius: 1,
        bgcolor: 'background.paper',
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        '&:hover': { borderColor: 'text.primary' },
      }}
    >
      <Box component="legend" sx={{ px: 0.5, fontSize: '0.75rem', color: 'text.secondary', lineHeight: 1 }}>
        {label}
      </Box>
      <DateEnd source={source} label={`${label}: from`} end={false} max={to || today} />
      <Box component="span" sx={{ color: 'text.secondary' }} aria-hidden>
        –
      </Box>
      <DateEnd source={endSource} label={`${label}: to`} end max={today} {...(from ? { min: from } : {})} />
    </Box>
  );
}

// Apps are narrowed to the chosen category, so an app choice never empties the table.
const narrowApps = (filterValues: Values): ChoiceNarrowing =>
  typeof filterValues.category === 'string' && filterValues.category ? { category: filterValues.category as ChoiceNarrowing['category'] } : {};

const labelOf = (filters: readonly FilterDefinition[], source: string, fallback: string) => filters.find((f) => f.source === source)?.label ?? fallback;

function CategoryFilter({ fallback, ...props }: FilterProps & { fallback: readonly string[] }) {
  const metadata = useFilterChoices('accounts');
  const choices = metadata.data?.categories.length ? metadata.data.categories : fallback.map((value) => ({ value, label: choiceLabel(value) }));
  return <SelectFilter {...props} choices={choices} clears={['appId']} />;
}

function StateFilter({ definition, ...props }: FilterProps & { definition: FilterDefinition | undefined }) {
  const metadata = useFilterChoices('accounts');
  // The server's labels are the spec's state names ('Under validation'); the enum is the contract's.
  const labels = new Map((metadata.data?.integrationStates ?? []).map((choice) => [choice.value, choice.label]));
  const choices = (definition?.choices ?? []).map((value) => String(value)).map((value) => ({ value, label: labels.get(value) ?? choiceLabel(value) }));
  return <SelectFilter {...props} choices={choices} defaultValue={String(definition?.default ?? 'all')} />;
}

/** The filter elements of the accounts list, built from its generated filter definitions. */
export function accountFilters(filters: readonly FilterDefinition[]): ReactElement[] {
  const state = filters.find((f) => f.source === 'integrationState');
  const category = filters.find((f) => f.source === 'category');
  return [
    <StateFilter key="integrationState" source="integrationState" label={labelOf(filters, 'integrationState', 'Status')} alwaysOn definition={state} />,
    <CategoryFilter key="category" source="category" label={labelOf(filters, 'category', 'Category')} alwaysOn fallback={(category?.choices ?? []).map(String)} />,
    <MetadataFilter key="appId" source="appId" label={labelOf(filters, 'appId', 'App')} pageId="accounts" list="apps" narrow={narrowApps} autocomplete alwaysOn />,
    <MetadataFilter key="originOrgId" source="originOrgId" label={labelOf(filters, 'originOrgId', 'Organization')} pageId="accounts" list="organizations" autocomplete alwaysOn />,
    <DateRangeFilter key="start" source="start" endSource="end" label={labelOf(filters, 'start', 'Created between')} alwaysOn />,
  ];
}
