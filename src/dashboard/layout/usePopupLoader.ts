import { useCallback, useState } from 'react';
import type { Preloadable } from '../app/preloadable.tsx';

/**
 * A popup (a menu, the mobile drawer) whose code is a chunk of its own, fetched when its button is
 * hovered or focused and opened once it is in: the popup never waits behind a loading fallback,
 * and a page whose popups stay closed never downloads them. Once opened it stays mounted, so it
 * closes with its transition.
 */
export function usePopupLoader<P extends object>(popup: Preloadable<P>) {
  const [mounted, setMounted] = useState(false);
  const preload = useCallback(() => void popup.preload().catch(() => undefined), [popup]);
  const openWhenLoaded = useCallback(
    (open: () => void) => {
      void popup.preload().then(() => {
        setMounted(true);
        open();
      });
    },
    [popup],
  );
  return { mounted, preload, openWhenLoaded };
}
