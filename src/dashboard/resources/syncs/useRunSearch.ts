import { useCallback, useEffect, useRef, useState } from 'react';
import { RUN_SEARCH_DEBOUNCE_MS } from '../../../shared/constants.ts';
import { searchToApply } from './syncRules.ts';

/**
 * The Audit ID search box of a run (part 2 §5): what the user types shows at once; it is applied
 * 500 ms after the last keystroke, and only at 3 or more characters or when emptied. Applying it
 * changes the list's filter, whose new request aborts the one still in flight (react-admin hands
 * the dataProvider the query's AbortSignal).
 */
export function useRunSearch(applied: string, apply: (search: string) => void, delayMs: number = RUN_SEARCH_DEBOUNCE_MS) {
  const [text, setText] = useState(applied);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latestApply = useRef(apply);
  latestApply.current = apply;

  useEffect(() => () => clearTimeout(timer.current), []);

  const onChange = useCallback(
    (next: string) => {
      setText(next);
      clearTimeout(timer.current);
      const search = searchToApply(next);
      if (search === undefined) return;
      timer.current = setTimeout(() => latestApply.current(search), delayMs);
    },
    [delayMs],
  );

  return { text, onChange };
}
