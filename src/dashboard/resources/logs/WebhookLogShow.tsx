import { useLocation } from 'react-router';
import { webhookRecordsResource } from '../../../generated/resources/webhook-records.ts';
import type { ScreenProps } from '../../app/screens.ts';
import { fillRoute } from '../../components/columns/format.ts';
import { GeneratedList } from '../GeneratedList.tsx';
import { dispatchStatusCell, pathCell } from './LogCells.tsx';
import { WebhookLogHeader } from './LogHeaders.tsx';
import type { WebhookLogRouteState, WebhookRecordRouteState } from './logViews.ts';

/**
 * /dashboard/logs/webhook/{runId}: the webhook records of a sync run (of the row's iteration when
 * the logs row passed one), with retries and dispatch status (stale: not dispatched).
 */
export function WebhookLogShow({ params, title }: ScreenProps) {
  const runId = params.syncRunId ?? '';
  const state = useLocation().state as Partial<WebhookLogRouteState> | null;
  const show = webhookRecordsResource.show;
  return (
    <GeneratedList
      definition={webhookRecordsResource}
      params={{ syncRunId: runId, ...(state?.syncIterationId ? { syncIterationId: state.syncIterationId } : {}) }}
      title={title}
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
