import { defineSessionHandler } from '../types.ts';
import { requireConnector } from '../../repositories/connectors.ts';
import { requireStep, toWorkflowStepDetail } from '../../repositories/workflowSteps.ts';
import { aiCaller } from '../connectors/context.ts';

// One step with its code, schemas and latest run; the editor keeps version as the save's baseVersion.
export const workflowStepDetail = defineSessionHandler('workflowStepDetail', async ({ query }, ctx) => {
  const { db, orgId } = aiCaller(ctx);
  const connector = await requireConnector(db, orgId, query.connectorId);
  return { step: toWorkflowStepDetail(await requireStep(db, connector.id, query.stepId)) };
});
