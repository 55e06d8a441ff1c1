import { defineHandler } from '../types.ts';
import { badRequest } from '../../errors.ts';
import { displayName, requireConnector } from '../../repositories/connectors.ts';
import { languageOf, requireStep, saveStepCode } from '../../repositories/workflowSteps.ts';
import { syntaxError } from '../../services/codeSyntax.ts';
import { aiCaller } from '../connectors/context.ts';

// Saves a step's code as its next version, only over the version the editor started from (409
// otherwise), after a syntax check; the connector's configuration version goes up with it.
export const workflowStepCodeSave = defineHandler('workflowStepCodeSave', async ({ body }, ctx) => {
  const { db, orgId, userId, now } = aiCaller(ctx);
  const connector = await requireConnector(db, orgId, body.connectorId);
  const step = await requireStep(db, connector.id, body.stepId);
  const error = await syntaxError(languageOf(step), body.code);
  if (error) throw badRequest(error, 'code');
  const editor = await displayName(db, userId);
  const saved = await db.transaction().execute((trx) => saveStepCode(trx, step, body.code, body.baseVersion, editor, now));
  return { stepId: step.id, version: saved.version, savedAt: now, connectorVersion: saved.connectorVersion };
});
