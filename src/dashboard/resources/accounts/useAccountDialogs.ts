import { useCallback, useState } from 'react';
import { loadAccountDialogs } from '../../app/screens.ts';

type AccountDialogs = Awaited<ReturnType<typeof loadAccountDialogs>>;

let loaded: AccountDialogs | undefined;

/**
 * The account dialogs' module once it is in (undefined before), and `withDialogs(open)`, which
 * fetches it (once for the page) and then opens a dialog: a dialog never waits behind a loading
 * fallback. A failed fetch is the action's failure (the caller's catch).
 */
export function useAccountDialogs() {
  const [dialogs, setDialogs] = useState<AccountDialogs | undefined>(loaded);
  const withDialogs = useCallback(async (open: () => void) => {
    loaded ??= await loadAccountDialogs();
    setDialogs(loaded);
    open();
  }, []);
  return { dialogs, withDialogs };
}
