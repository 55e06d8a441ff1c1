import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useInput } from 'react-admin';
import type { FilterDefinition } from '../../../generated/resources/types.ts';

// A search filter of the contract: what the user types shows at once; it is applied `debounceMs`
// after the last keystroke, and only at `minLength` or more characters or when emptied (shorter
// text is ignored: the table keeps the last applied search). Applying it changes the list's
// filter, whose new request aborts the one still in flight.

const DEFAULT_DEBOUNCE_MS = 500;

/** The search to apply for what was typed: the trimmed text, '' when emptied, undefined when too short. */
export function searchToApply(text: string, minLength = 0): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  return trimmed.length >= minLength ? trimmed : undefined;
}

/** Typed text and its change handler; `apply` runs debounced with the search to apply. */
export function useDebouncedSearch(applied: string, apply: (search: string) => void, minLength = 0, delayMs = DEFAULT_DEBOUNCE_MS) {
  const [text, setText] = useState(applied);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latestApply = useRef(apply);
  latestApply.current = apply;
  useEffect(() => () => clearTimeout(timer.current), []);
  const onChange = useCallback((next: string) => {
    setText(next);
    clearTimeout(timer.current);
    const search = searchToApply(next, minLength);
    if (search === undefined) return;
    timer.current = setTimeout(() => latestApply.current(search), delayMs);
  }, [delayMs, minLength]);
  return { text, onChange };
}

interface SearchFilterProps {
  filter: FilterDefinition;
  source: string;
  alwaysOn?: boolean;
}

export function SearchFilter({ filter }: SearchFilterProps) {
  const { field } = useInput({ source: filter.source });
  const applied = typeof field.value === 'string' ? field.value : '';
  const { text, onChange } = useDebouncedSearch(applied, (search) => field.onChange(search || undefined), filter.minLength ?? 0, filter.debounceMs ?? DEFAULT_DEBOUNCE_MS);
  // The input takes no more than the contract allows (typed or pasted), and says so once full.
  const full = filter.maxLength !== undefined && text.length >= filter.maxLength;
  const helperText = full ? `At most ${filter.maxLength} characters` : filter.minLength ? `At least ${filter.minLength} characters` : undefined;
  return (
    <TextField size="small" type="search" label={filter.label} value={text} onChange={(event) => onChange(event.target.value)}
      {...(helperText ? { helperText } : {})}
      slotProps={{
        input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> },
        ...(filter.maxLength !== undefined ? { htmlInput: { maxLength: filter.maxLength } } : {}),
      }}
      sx={{ width: { xs: '100%', sm: 300 }, '& .MuiInputBase-root': { bgcolor: 'background.paper' } }} />
  );
}
