import { syncRunsResource } from '../../../generated/resources/sync-runs.ts';
import type { ScreenProps } from '../../app/screens.ts';
import { GeneratedList } from '../GeneratedList.tsx';
import { useListFailure } from '../listHooks.ts';
import { JobHeader, RunsEmpty } from './SyncHeaders.tsx';
import { SYNCS_ERROR_MESSAGE, SYNCS_HOME } from './syncRules.ts';

/**
 * /dashboard/syncs/{jobId}: the job's header and its run history, 10 runs per cursor page within
 * a date range (default the last 30 days). 'Sync details not found.' toasts and goes back to the
 * syncs; the range and page stay in the URL.
 */
export function SyncRunList({ params, title }: ScreenProps) {
  const onError = useListFailure({ fallback: SYNCS_ERROR_MESSAGE, notFoundPath: SYNCS_HOME });
  return (
    <GeneratedList
      definition={syncRunsResource}
      params={{ jobId: params.jobId ?? '' }}
      title={title}
      noWrap
      syncWithLocation
      header={<JobHeader />}
      onError={onError}
      errorText={SYNCS_ERROR_MESSAGE}
      emptyText={<RunsEmpty />}
    />
  );
}
