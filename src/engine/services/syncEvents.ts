import { createHash } from 'node:crypto';
import type { ModelInfo } from '../repositories/catalog.ts';
import type { SubCategoryModels } from '../repositories/subscribedModels.ts';
import { UNIFIED_MODELS, type UnifiedModelId } from './unifiedModels.ts';

/*
 * What a sync sends for a record: its event data holds one entry per data model the account
 * subscribes to in the job's sync type (the catalog's attributes of that model, as the unified
 * model of the record has them), keyed by model id as the webhook event samples show
 * (app.webhookEventDataOfCategory), plus the account's custom fields when it maps any. A record
 * changed for the sync when this data changed: its hash is what the job's snapshot keeps.
 */

/** The unified model a job of this category and sync type reads; undefined when the unified API reads none. */
export function syncModelOf(category: string, syncDataType: string): UnifiedModelId | undefined {
  return (Object.keys(UNIFIED_MODELS) as UnifiedModelId[])
    .find((id) => UNIFIED_MODELS[id].category === category && UNIFIED_MODELS[id].subcategory === syncDataType);
}

export interface SyncedModel {
  id: string;
  name: string;
  attributes: string[];
}

/** The models a job sends: the account's subscription in its sync type (catalog order), the default ones always. */
export interface SyncShape {
  models: SyncedModel[];
  /** The sync type's default model: a deleted record is sent as its id under it. */
  defaultModelId: string;
}

export function syncShapeOf(categoryModels: ModelInfo[], syncDataType: string, subscribed: SubCategoryModels[]): SyncShape {
  const ofType = categoryModels.filter((m) => m.subcategory === syncDataType);
  const chosen = new Set(subscribed.find((s) => s.subCategory === syncDataType)?.syncModels ?? []);
  const models = ofType.filter((m) => m.defaultModel || chosen.has(m.modelId))
    .map((m) => ({ id: m.modelId, name: m.modelName, attributes: m.attributes.map((a) => a.name) }));
  const defaultModel = ofType.find((m) => m.defaultModel) ?? ofType[0];
  return { models, defaultModelId: defaultModel?.modelId ?? syncDataType };
}

/** The event data of a unified record: each subscribed model's attributes the record has, and its custom fields. */
export function eventDataOf(record: Record<string, unknown>, shape: SyncShape): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const model of shape.models) {
    data[model.id] = Object.fromEntries(model.attributes.filter((name) => name in record).map((name) => [name, record[name]]));
  }
  const custom = record.customFields;
  if (custom && typeof custom === 'object' && Object.keys(custom).length > 0) data.customFields = custom;
  return data;
}

/** The event data of a record the app no longer has: its id under the default model. */
export const deletedEventData = (recordKey: string, shape: SyncShape): Record<string, unknown> => ({ [shape.defaultModelId]: { id: recordKey } });

/** JSON with object keys sorted at every level: the same data always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export const contentHashOf = (data: unknown): string => createHash('sha256').update(canonical(data)).digest('hex');

export type SyncEventType = 'record.new' | 'record.modified' | 'record.deleted';

/** The webhook event of one changed record (the shape of the event samples, with the account it is for). */
export interface SyncEvent {
  id: string;
  event: { eventId: string; eventType: SyncEventType; triggeredAt: number };
  syncType: string;
  syncDataType: string;
  syncJobId: string;
  syncRunId: string;
  integrationId: string;
  originOrgId: string;
  eventData: Record<string, unknown>;
}

export function syncEvent(input: {
  eventId: string; eventType: SyncEventType; triggeredAt: number; syncType: string; syncDataType: string; jobId: string; runId: string;
  integrationId: string; originOrgId: string; eventData: Record<string, unknown>;
}): SyncEvent {
  return {
    id: input.eventId,
    event: { eventId: input.eventId, eventType: input.eventType, triggeredAt: input.triggeredAt },
    syncType: input.syncType,
    syncDataType: input.syncDataType,
    syncJobId: input.jobId,
    syncRunId: input.runId,
    integrationId: input.integrationId,
    originOrgId: input.originOrgId,
    eventData: input.eventData,
  };
}
