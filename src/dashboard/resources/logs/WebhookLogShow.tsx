import { useLocation } from 'react-router';
import { webhookRecordsResource } from '../../../generated/resources/webhook-records.ts';
import type { ScreenProps } from '../../app/screens.ts';
import { fillRoute } from '../../components/columns/format.ts';
import { GeneratedList } from '../GeneratedList.tsx';
import { dispatchStatusCell, pathCell } from './LogCells.tsx';
import { WebhookLogHeader } from './LogHeaders.tsx';
import { ReplayAction } from './ReplayAction.tsx';
import type { WebhookLogRouteState, WebhookRecordRouteState } from './logViews.ts';

/**
 * /dashboard/logs/webhook/{runId}: the webhook records of a sync run (of the row's iteration when
 * the logs row passed one), with retries, replays and dispatch status (stale: not dispatched), and
 * the replay of the failed ones.
 */
export function WebhookLogShow({ params, title, role }: ScreenProps) {
  const runId = params.syncRunId ?? '';
  const state = useLocation().state as Partial<WebhookLogRouteState> | null;
  const show = webhookRecordsResource.show;
  const iteration: { syncIterationId?: string } = state?.syncIterationId ? { syncIterationId: state.syncIterationId } : {};
  return (
    <GeneratedList
      definition={webhookRecordsResource}
      params={{ syncRunId: runId, ...(iteration.syncIterationId ? { syncIterationId: iteration.syncIterationId } : {}) }}
      title={title}
      // The records this page lists: the run's, or the iteration's the logs row passed.
      titleActions={<ReplayAction label="Replay failed deliveries" title="Replay failed deliveries" target={() => ({ kind: 'run', syncRunId: runId, ...iteration })} role={role} />}
      noWrap
      syncWithLocation
      header={<WebhookLogHeader runId={runId} />}
      cells={{ path: pathCell, dispatchStatus: dispatchStatusCell }}
      rowLink={(record) => {
        const to = show ? fillRoute(show, { syncRunId: runId, ...record }) : undefined;
        const next: WebhookRecordRouteState = {
          ...(typeof record.syncIterationId === 'string' ? { syncIterationId: record.syncIterationId } : {}),
          ...(typeof record.traceId === 'string' ? { traceId: record.traceId } : {}),
        };
        return to ? { to, state: next } : undefined;
      }}
      emptyText="This run has no webhook records."
    />
  );
}
