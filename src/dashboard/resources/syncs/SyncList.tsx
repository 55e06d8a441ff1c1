import { syncsResource } from '../../../generated/resources/syncs.ts';
import type { ScreenProps } from '../../app/screens.ts';
import { GeneratedList } from '../GeneratedList.tsx';
import { useListFailure } from '../listHooks.ts';
import { SYNCS_ERROR_MESSAGE } from './syncRules.ts';

/** /dashboard/syncs: 'Total Active Syncs' and the sync jobs (the generated syncs list; its filters' choices come from the server). */
export function SyncList({ title }: ScreenProps) {
  const onError = useListFailure({ fallback: SYNCS_ERROR_MESSAGE });
  return (
    <GeneratedList
      definition={syncsResource}
      title={title}
      noWrap
      totalLabel="Total Active Syncs"
      onError={onError}
      errorText={SYNCS_ERROR_MESSAGE}
      emptyText="No sync jobs match these filters."
    />
  );
}
