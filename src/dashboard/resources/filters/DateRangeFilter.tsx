import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import { useInput } from 'react-admin';
import type { FilterDefinition } from '../../../generated/resources/types.ts';
import { dayString, daysBefore, endOfDay, parseDay, startOfDay } from '../../dates.ts';

// A dateRange filter of the contract: one control over two parameters (the filter's source holds
// the start, its `end` the end), each stored as unix milliseconds: the start at the beginning of
// its day, the end at the end of its day (never beyond now when the contract says notAfterToday).
// A start after the end is said next to the inputs and not sent.

export const START_AFTER_END_MESSAGE = 'Start date must be before end date';
const isDay = (text: string) => parseDay(text) !== undefined;
const toDay = (ms: unknown) => (typeof ms === 'number' && Number.isFinite(ms) ? dayString(new Date(ms)) : '');

/** One end of a range as unix ms: a picked day's start (or end), a day after today read as today. */
export function dateFilterValue(day: string, end: boolean, now = new Date(), notAfterToday = true): number | '' {
  let date = parseDay(day);
  if (!date) return '';
  if (notAfterToday && date.getTime() > startOfDay(now).getTime()) date = now;
  return (end ? endOfDay(date) : startOfDay(date)).getTime();
}

interface DateRangeFilterProps {
  filter: FilterDefinition;
  source: string;
  alwaysOn?: boolean;
}

export function DateRangeFilter({ filter }: DateRangeFilterProps) {
  const start = useInput({ source: filter.source });
  const end = useInput({ source: filter.end ?? `${filter.source}End` });
  // "Today" is fixed when the page opens; a page left open past midnight keeps its day.
  const now = useMemo(() => new Date(), []);
  const today = dayString(now);
  const fallbackFrom = filter.defaultDays ? dayString(daysBefore(now, filter.defaultDays)) : '';
  const fallbackTo = filter.defaultDays ? today : '';
  const [draft, setDraft] = useState<{ from: string; to: string } | undefined>(undefined);
  const from = draft?.from ?? (toDay(start.field.value) || fallbackFrom);
  const to = draft?.to ?? (toDay(end.field.value) || fallbackTo);
  const invalid = isDay(from) && isDay(to) && from > to;

  const change = (next: { from: string; to: string }) => {
    if (isDay(next.from) && isDay(next.to) && next.from > next.to) {
      setDraft(next);
      return;
    }
    setDraft(undefined);
    const startValue = dateFilterValue(next.from, false, now, filter.notAfterToday);
    const endValue = dateFilterValue(next.to, true, now, filter.notAfterToday);
    // With a default range, setting one end keeps the other end of the default.
    start.field.onChange(startValue === '' ? undefined : startValue);
    end.field.onChange(endValue === '' ? undefined : endValue);
  };
  const max = filter.notAfterToday ? today : undefined;
  return (
    <Box component="fieldset" aria-label={filter.label} sx={{ m: 0, p: 0, border: 0, display: 'flex', flexDirection: 'column', position: 'relative' }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Box component="legend" sx={{ fontSize: '0.75rem', color: 'text.secondary', mr: 0.5, float: 'left' }}>{filter.label}</Box>
        <TextField type="date" size="small" label="From" value={from} error={invalid}
          onChange={(event) => change({ from: event.target.value, to })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { ...(to || max ? { max: to || max } : {}) } }}
          sx={{ width: 160, bgcolor: 'background.paper' }} />
        <TextField type="date" size="small" label="To" value={to} error={invalid}
          onChange={(event) => change({ from, to: event.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { ...(max ? { max } : {}), ...(from ? { min: from } : {}) } }}
          sx={{ width: 160, bgcolor: 'background.paper' }} />
      </Box>
      {invalid && <FormHelperText error>{START_AFTER_END_MESSAGE}</FormHelperText>}
    </Box>
  );
}
