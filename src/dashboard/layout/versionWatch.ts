import { useEffect, useRef, useState } from 'react';

/**
 * When the version check starts when nothing else starts it sooner: a minute after the shell opened.
 * A page that has just loaded runs the newest build already (index.html is revalidated on every
 * visit and names the build's files), so a check at load would only ever find the same version; what
 * goes stale is a tab left open across a deployment. So the check, its machine and their code are
 * fetched at the first sign the tab is being used again (focus, another page), or after this delay,
 * and not on the first visit's critical path.
 */
export const VERSION_WATCH_START_MS = 60_000;

/** False until the version check should start; then true for good. */
export function useVersionWatchStarted(pathname: string): boolean {
  const [started, setStarted] = useState(false);
  const firstPathname = useRef(pathname);
  useEffect(() => {
    if (pathname !== firstPathname.current) setStarted(true);
  }, [pathname]);
  useEffect(() => {
    if (started) return undefined;
    const start = () => setStarted(true);
    const timer = setTimeout(start, VERSION_WATCH_START_MS);
    window.addEventListener('focus', start);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('focus', start);
    };
  }, [started]);
  return started;
}
