import { defineHandler, integrationCallerOf } from '../types.ts';
import { readUnifiedPage } from '../../services/unifiedReads.ts';
import { UNIFIED_MODELS, type UnifiedModelId } from '../../services/unifiedModels.ts';
import type { MsgOf } from '../../contractTypes.ts';

// The unified API's reads (hris.employees, crm.deals, accounting.expenses, ...): each operation is
// named after its model, and answers one page of the account's records in that model, with its
// custom fields, under the model's list key, and the cursor of the next page.
const unifiedList = <Op extends UnifiedModelId>(modelId: Op) =>
  defineHandler(modelId, async ({ query }, ctx) => {
    const page = await readUnifiedPage(ctx, integrationCallerOf(ctx).call, modelId, query as { pageSize?: number; cursor?: string });
    return { [UNIFIED_MODELS[modelId].key]: page.records, nextCursor: page.nextCursor } as MsgOf<Op>;
  });

/** A handler for every model of UNIFIED_MODELS. */
export const unifiedLists = (Object.keys(UNIFIED_MODELS) as UnifiedModelId[]).map(unifiedList);
