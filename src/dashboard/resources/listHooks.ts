import { useCallback } from 'react';
import { useListContext } from 'react-admin';
import { useNavigate } from 'react-router';
import { useToast } from '../providers/index.ts';

// Hooks the hand-written list screens share: the list call's own payload (a detail page's header
// comes with its table) and the failure rule of part 2 §8.

/**
 * The `msg` of the list call's 200 body (the dataProvider's meta.response), for headers that come
 * with the rows: a job's header with its runs, the API log with its native calls. undefined until
 * the first page arrives and while the call fails.
 */
export function useListMsg<T>(): T | undefined {
  const { meta, error } = useListContext() as ReturnType<typeof useListContext> & { meta?: { response?: { msg?: unknown } } };
  if (error) return undefined;
  return meta?.response?.msg as T | undefined;
}

/** A request the screen cancelled itself (a newer search, leaving the page): never shown (part 2 §8). */
export function isCancelled(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const name = (current as { name?: unknown }).name;
    if (name === 'AbortError' || name === 'CancelledError') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

interface ListFailureOptions {
  /** The screen's default message ('Something went wrong' for syncs and issues). */
  fallback?: string;
  /** Where a 404 sends the user (a job or run that is not found goes back to the syncs). */
  notFoundPath?: string;
}

/**
 * The onError of a list: a cancelled request is ignored; any other failure toasts the server's
 * error.msg, else the exception message, else the screen's default; a 404 then leaves the page
 * when the screen says where to.
 */
export function useListFailure({ fallback, notFoundPath }: ListFailureOptions = {}): (error: unknown) => void {
  const toast = useToast();
  const navigate = useNavigate();
  return useCallback(
    (error: unknown) => {
      if (isCancelled(error)) return;
      toast.error(error, fallback);
      const status = (error as { status?: unknown } | null)?.status;
      if (notFoundPath && status === 404) navigate(notFoundPath, { replace: true });
    },
    [toast, navigate, fallback, notFoundPath],
  );
}
