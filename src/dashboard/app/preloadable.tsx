import { lazy, useEffect, useState, type ComponentType, type JSX } from 'react';

/**
 * A component in a chunk of its own that can be fetched before it is rendered. Once its module is
 * in, it renders at once; React.lazy would suspend on its first render even then, and a Suspense
 * fallback, once shown, holds the content back for React's reveal throttle (~300 ms). Rendered
 * before its module arrived, it suspends like React.lazy (the nearest Suspense shows its fallback).
 */
export interface Preloadable<P extends object> {
  (props: P): JSX.Element;
  /** Starts fetching the module (once; again after a failure); resolves when it can render. */
  preload(): Promise<unknown>;
  /** Whether the module is in (it renders at once). */
  isLoaded(): boolean;
}

export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));

  function PreloadedComponent(props: P) {
    // One element type per mount: a screen that started suspended is not remounted once it loads.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? (Lazy as unknown as ComponentType<P>));
    return <Component {...props} />;
  }
  return Object.assign(PreloadedComponent, { preload, isLoaded: () => loaded !== undefined });
}

/**
 * Whether `component`'s module is in, fetching it once `wanted` (a message to show, an error):
 * render the component when this is true and nothing meanwhile, so no loading fallback (and no
 * reveal throttle) ever stands in for it.
 */
export function useLoaded(component: { preload(): Promise<unknown>; isLoaded?: () => boolean }, wanted = true): boolean {
  const [loaded, setLoaded] = useState(() => component.isLoaded?.() ?? false);
  useEffect(() => {
    if (!wanted || loaded) return undefined;
    let current = true;
    void component.preload().then(
      () => current && setLoaded(true),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [component, wanted, loaded]);
  return loaded;
}
