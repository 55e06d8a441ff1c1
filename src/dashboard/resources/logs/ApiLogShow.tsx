import { apiNativeCallsResource } from '../../../generated/resources/api-native-calls.ts';
import type { ScreenProps } from '../../app/screens.ts';
import { GeneratedList } from '../GeneratedList.tsx';
import { pathCell } from './LogCells.tsx';
import { ApiLogHeader } from './LogHeaders.tsx';

/** /dashboard/logs/api/{execId}: the API log and the native calls made to serve it. */
export function ApiLogShow({ params, title }: ScreenProps) {
  return (
    <GeneratedList
      definition={apiNativeCallsResource}
      params={{ executionId: params.executionId ?? '' }}
      title={title}
      noWrap
      syncWithLocation
      header={<ApiLogHeader />}
      cells={{ path: pathCell }}
      emptyText="This API call made no native calls."
    />
  );
}
