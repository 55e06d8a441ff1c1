import { useLocation } from 'react-router';
import { webhookNativeCallsResource } from '../../../generated/resources/webhook-native-calls.ts';
import type { ScreenProps } from '../../app/screens.ts';
import { GeneratedList } from '../GeneratedList.tsx';
import { pathCell } from './LogCells.tsx';
import { WebhookRecordHeader } from './LogHeaders.tsx';
import { ReplayAction } from './ReplayAction.tsx';
import type { WebhookRecordRouteState } from './logViews.ts';

/** /dashboard/logs/webhook/{runId}/{recordId}: one webhook record and the native calls that built it, and the replay of its delivery. */
export function WebhookRecordShow({ params, title, role }: ScreenProps) {
  const state = useLocation().state as WebhookRecordRouteState | null;
  const syncRunId = params.syncRunId ?? '';
  const recordId = params.recordId ?? '';
  return (
    <GeneratedList
      definition={webhookNativeCallsResource}
      titleActions={<ReplayAction label="Replay" title="Replay this delivery" target={() => ({ kind: 'record', syncRunId, recordId })} role={role} />}
      params={{
        syncRunId,
        recordId,
        // Sent as the spec sends it (the contract's const false).
        isApiLogs: false,
        ...(state?.syncIterationId ? { syncIterationId: state.syncIterationId } : {}),
      }}
      title={title}
      noWrap
      syncWithLocation
      header={<WebhookRecordHeader />}
      cells={{ path: pathCell }}
      emptyText="This record needed no native calls."
    />
  );
}
