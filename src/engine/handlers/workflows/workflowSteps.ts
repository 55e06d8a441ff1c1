import { defineSessionHandler } from '../types.ts';
import { requireConnector } from '../../repositories/connectors.ts';
import { listSteps, toWorkflowStep } from '../../repositories/workflowSteps.ts';
import { aiCaller } from '../connectors/context.ts';

// The connector's workflow in order (empty until build_workflow wrote it).
export const workflowSteps = defineSessionHandler('workflowSteps', async ({ query }, ctx) => {
  const { db, orgId } = aiCaller(ctx);
  const connector = await requireConnector(db, orgId, query.connectorId);
  return { connectorId: connector.id, version: connector.version, steps: (await listSteps(db, connector.id)).map(toWorkflowStep) };
});
