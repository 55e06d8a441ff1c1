import type { components } from '../../../generated/api/engine.ts';
import { formatNumber } from '../../components/columns/format.ts';
import { apiClients, unwrap } from '../../providers/index.ts';

// The replay calls of the webhook log screens (app.replayWebhookRecord, app.replayWebhookRun,
// app.replayWebhookDeliveries): each is called first as a dry run, whose count the confirmation
// names, then for real. The texts of the confirmation and of the toast after it.

type Schemas = components['schemas'];
export type ReplayResult = Schemas['WebhookReplayResult'];
type RangeBody = Schemas['AppReplayWebhookDeliveriesBody'];

/** What a replay covers: one record's delivery, a run's (or iteration's) failed ones, or a time range's. */
export type ReplayTarget =
  | { kind: 'record'; syncRunId: string; recordId: string }
  | { kind: 'run'; syncRunId: string; syncIterationId?: string }
  | ({ kind: 'range' } & Omit<RangeBody, 'dryRun'>);

export type Clients = Pick<typeof apiClients, 'engine'>;

/** Runs the replay, or only counts it (dryRun). */
export async function replayDeliveries(target: ReplayTarget, dryRun: boolean, options: { clients?: Clients; signal?: AbortSignal } = {}): Promise<ReplayResult> {
  const { engine } = options.clients ?? apiClients;
  const signal = options.signal;
  switch (target.kind) {
    case 'record':
      return (await unwrap(engine.POST('/app.replayWebhookRecord', { body: { syncRunId: target.syncRunId, recordId: target.recordId, dryRun }, signal }))).msg;
    case 'run': {
      const body = { syncRunId: target.syncRunId, ...(target.syncIterationId ? { syncIterationId: target.syncIterationId } : {}), dryRun };
      return (await unwrap(engine.POST('/app.replayWebhookRun', { body, signal }))).msg;
    }
    case 'range': {
      const { kind: _kind, ...range } = target;
      return (await unwrap(engine.POST('/app.replayWebhookDeliveries', { body: { ...range, dryRun }, signal }))).msg;
    }
  }
}

const deliveries = (count: number) => `${formatNumber(count)} ${count === 1 ? 'delivery' : 'deliveries'}`;

/** The confirmation's question, naming the dry run's count. */
export function replayQuestion(target: ReplayTarget, count: number): string {
  if (target.kind === 'record') return `Replay ${deliveries(count)}?`;
  return count === 0 ? 'There are no failed deliveries to replay.' : `Replay ${formatNumber(count)} failed ${count === 1 ? 'delivery' : 'deliveries'}?`;
}

/** The toast after a replay: what the call replayed (others may have replayed some meanwhile). */
export function replayedMessage(result: ReplayResult): string {
  if (result.count === 0) return 'Nothing was replayed: these deliveries are already being sent again';
  return `${deliveries(result.count)} replayed: ${result.count === 1 ? 'it is' : 'they are'} sent again with the original webhook-id`;
}
