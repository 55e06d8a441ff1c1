import Skeleton from '@mui/material/Skeleton';
import type { WidgetProps } from '@rjsf/utils';
import { Suspense } from 'react';
import { preloadable } from '../../app/preloadable.tsx';

// The apps multi-select (MUI's Autocomplete, ~10 kB) is a chunk of its own: only the sign-up
// details form uses it, and the other forms (the magic link dialog) should not download it. The
// details step fetches it with its own chunk (preloadAppsMultiSelect), so it rarely waits.
const AppsMultiSelectWidget = preloadable(() => import('./AppsMultiSelectWidget.tsx').then((module) => module.AppsMultiSelectWidget));

export const preloadAppsMultiSelect = (): Promise<unknown> => AppsMultiSelectWidget.preload();

export function LazyAppsMultiSelectWidget(props: WidgetProps) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={56} aria-label={typeof props.label === 'string' ? props.label : undefined} />}>
      <AppsMultiSelectWidget {...props} />
    </Suspense>
  );
}
