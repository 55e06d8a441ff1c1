import { defineSessionHandler } from '../types.ts';
import { requireConnector } from '../../repositories/connectors.ts';
import { requireStep } from '../../repositories/workflowSteps.ts';
import { saveWorkflowStepCode } from '../../services/workflowSteps.ts';
import { aiCaller } from '../connectors/context.ts';

// Saves a step's code as its next version, only over the version the editor started from (409
// otherwise), after a syntax check; the connector's configuration version goes up with it.
export const workflowStepCodeSave = defineSessionHandler('workflowStepCodeSave', async ({ body }, ctx) => {
  const { db, orgId, userId, now } = aiCaller(ctx);
  const connector = await requireConnector(db, orgId, body.connectorId);
  const step = await requireStep(db, connector.id, body.stepId);
  const saved = await saveWorkflowStepCode(db, step, { code: body.code, baseVersion: body.baseVersion, userId }, now);
  return { stepId: step.id, version: saved.version, savedAt: now, connectorVersion: saved.connectorVersion };
});
