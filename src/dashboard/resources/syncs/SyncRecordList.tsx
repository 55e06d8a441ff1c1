import { syncRecordsResource } from '../../../generated/resources/sync-records.ts';
import type { ScreenProps } from '../../app/screens.ts';
import type { Row } from '../../components/columns/ColumnCell.tsx';
import { formatText } from '../../components/columns/format.ts';
import { LongText } from '../../components/LongText.tsx';
import { GeneratedList } from '../GeneratedList.tsx';
import { useListFailure } from '../listHooks.ts';
import { RecordsEmpty, RunHeader } from './SyncHeaders.tsx';
import { SYNCS_ERROR_MESSAGE, SYNCS_HOME } from './syncRules.ts';

const cells = {
  // A record of many models would widen the table past the screen: one line, all of them on hover.
  models: (record: Row) => <LongText value={Array.isArray(record.models) && record.models.length > 0 ? formatText(record.models) : ''} width={260} mono={false} />,
};

/**
 * /dashboard/syncs/{jobId}/{runId}: the run's header and its records, 10 per cursor page,
 * searchable by Audit ID (the contract's search filter). 'Sync details not found.' toasts and goes back to the
 * syncs; a request cancelled by a newer search is ignored.
 */
export function SyncRecordList({ params, title }: ScreenProps) {
  const onError = useListFailure({ fallback: SYNCS_ERROR_MESSAGE, notFoundPath: SYNCS_HOME });
  return (
    <GeneratedList
      definition={syncRecordsResource}
      params={{ jobId: params.jobId ?? '', syncRunId: params.syncRunId ?? '' }}
      title={title}
      noWrap
      syncWithLocation
      header={<RunHeader />}
      cells={cells}
      onError={onError}
      errorText={SYNCS_ERROR_MESSAGE}
      emptyText={<RecordsEmpty />}
    />
  );
}
