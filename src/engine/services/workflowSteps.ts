import type { Kysely } from 'kysely';
import type { Database, Row } from '../db/schema.ts';
import { badRequest } from '../errors.ts';
import { displayName } from '../repositories/connectors.ts';
import { languageOf, saveStepCode } from '../repositories/workflowSteps.ts';
import { syntaxError } from './codeSyntax.ts';

/**
 * Saves a step's code as its next version after a syntax check (400 on `code`), only over the
 * version the editor started from (409 otherwise). The step and its connector's configuration
 * version go up together in one transaction.
 */
export async function saveWorkflowStepCode(
  db: Kysely<Database>,
  step: Row<'connector_workflow_steps'>,
  edit: { code: string; baseVersion: number; userId: string },
  now: number,
): Promise<{ version: number; connectorVersion: number }> {
  const error = await syntaxError(languageOf(step), edit.code);
  if (error) throw badRequest(error, 'code');
  const editor = await displayName(db, edit.userId);
  return db.transaction().execute((trx) => saveStepCode(trx, step, edit.code, edit.baseVersion, editor, now));
}
