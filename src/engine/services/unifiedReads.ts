import { ApiFailure } from '../errors.ts';
import type { EngineServices } from '../handlers/types.ts';
import { customRowsOf } from '../repositories/mappingTables.ts';
import { vendorApiOf } from '../sandbox/data/apis.ts';
import { categoryLabels } from '../../generated/labels.ts';
import type { Category } from '../../shared/categories.ts';
import { callApp, DEFAULT_RETRIES, failOnAppAnswer } from './appCalls.ts';
import { customFieldsOf } from './customFieldValues.ts';
import { UNIFIED_MODELS, type UnifiedModelId } from './unifiedModels.ts';
import type { UnifiedCall } from './unifiedCalls.ts';
import { decodeCursor, encodeCursor, pageQuery, readPage } from './vendorPaging.ts';

/*
 * A data-model read of the unified API: one page of the account's app's records (one call to the
 * app, retried on a 5xx), each made into the unified model and given the account's custom fields
 * (the CUSTOM rows of its field mapping for the model's sync type, its own or a preset's).
 */
export interface UnifiedPage {
  records: Record<string, unknown>[];
  nextCursor: string | null;
}

export async function readUnifiedPage(
  services: EngineServices, call: UnifiedCall, modelId: UnifiedModelId, request: { pageSize?: number; cursor?: string },
): Promise<UnifiedPage> {
  const model = UNIFIED_MODELS[modelId];
  const category = call.account.category as Category;
  if (category !== model.category) {
    throw new ApiFailure(409, 'WRONG_CATEGORY', `The integrated account is a ${categoryLabels[category] ?? category} account: this call reads ${categoryLabels[model.category]} accounts`);
  }
  const api = vendorApiOf(model.category);
  const endpoint = api.endpoints.find((e) => e.path === model.endpoint);
  if (!endpoint) throw new Error(`the ${model.category} vendor API has no ${model.endpoint}`);
  const position = request.cursor ? decodeCursor(request.cursor, modelId, api.style) : undefined;
  const size = position?.size ?? request.pageSize ?? 50;

  const [result, customRows] = await Promise.all([
    callApp(services, call, { path: model.endpoint, query: pageQuery(api.style, size, position?.at) }, { retries: DEFAULT_RETRIES }),
    customRowsOf(services.db, call.account.integrationId, model.subcategory),
  ]);
  await failOnAppAnswer(services, call, result, 'cursor');
  const page = readPage(api.style, endpoint.key, result.body, result.headers, position?.at);
  return {
    records: page.records.map((record) => ({ ...model.toUnified(record), customFields: customFieldsOf(record, customRows) })),
    nextCursor: page.next === undefined ? null : encodeCursor({ list: modelId, size, at: page.next }),
  };
}
