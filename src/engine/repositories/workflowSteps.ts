import { type Kysely, sql, type Transaction } from 'kysely';
import type { components } from '../../generated/api/ai.ts';
import type { Database, Row } from '../db/schema.ts';
import { conflict, notFound } from '../errors.ts';
import { parseJson } from './catalog.ts';
import { bumpVersion } from './connectors.ts';

// A connector's workflow steps with their code. Saving code is compare-and-set on the step's
// version: the update only matches the version the editor started from, so two editors saving
// the same step cannot overwrite each other; the loser gets 409 and reloads.
type Db = Kysely<Database> | Transaction<Database>;
type Schemas = components['schemas'];
type WorkflowStep = Schemas['WorkflowStep'];
type WorkflowStepDetail = Schemas['WorkflowStepDetail'];
type LastRun = NonNullable<WorkflowStepDetail['lastRun']>;

const STEP_NOT_FOUND = 'Workflow step not found';
const STALE_VERSION = 'This step was saved meanwhile. Reload it to see the latest version';

const STEP_TYPES: WorkflowStep['type'][] = ['trigger', 'auth', 'api_call', 'transform', 'condition', 'loop', 'output'];
const LANGUAGES: WorkflowStep['language'][] = ['javascript', 'typescript', 'python'];
const TEST_STATUSES: NonNullable<WorkflowStep['lastRunStatus']>[] = ['queued', 'running', 'passed', 'failed'];

export const languageOf = (row: Row<'connector_workflow_steps'>): WorkflowStep['language'] =>
  LANGUAGES.includes(row.language as WorkflowStep['language']) ? (row.language as WorkflowStep['language']) : 'javascript';

function lastRunOf(row: Row<'connector_workflow_steps'>): LastRun | null {
  const run = parseJson<Partial<LastRun> | null>(row.last_run_json, null);
  if (!run || typeof run.testId !== 'string' || !TEST_STATUSES.includes(run.status as LastRun['status'])) return null;
  return {
    testId: run.testId,
    status: run.status as LastRun['status'],
    input: run.input ?? null,
    output: run.output ?? null,
    logs: Array.isArray(run.logs) ? run.logs.slice(-200).map(String) : [],
    durationMs: Math.max(0, Math.round(Number(run.durationMs) || 0)),
    at: Number(run.at) || row.updated_at,
  };
}

export function toWorkflowStep(row: Row<'connector_workflow_steps'>): WorkflowStep {
  return {
    stepId: row.id,
    name: row.name,
    type: STEP_TYPES.includes(row.type as WorkflowStep['type']) ? (row.type as WorkflowStep['type']) : 'transform',
    order: row.position,
    description: row.description,
    language: languageOf(row),
    edited: row.edited === 1,
    version: row.version,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
    lastRunStatus: lastRunOf(row)?.status ?? null,
  };
}

export function toWorkflowStepDetail(row: Row<'connector_workflow_steps'>): WorkflowStepDetail {
  const { lastRunStatus: _, ...step } = toWorkflowStep(row);
  const schema = (text: string) => {
    const value = parseJson<unknown>(text, {});
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  };
  return { ...step, code: row.code, inputSchema: schema(row.input_schema_json), outputSchema: schema(row.output_schema_json), lastRun: lastRunOf(row) };
}

export async function listSteps(db: Db, connectorId: string): Promise<Row<'connector_workflow_steps'>[]> {
  return db.selectFrom('connector_workflow_steps').selectAll().where('connector_id', '=', connectorId).orderBy('position').orderBy('id').execute();
}

export async function countSteps(db: Db, connectorId: string): Promise<number> {
  const row = await db.selectFrom('connector_workflow_steps').select(sql<number>`count(*)`.as('n')).where('connector_id', '=', connectorId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function requireStep(db: Db, connectorId: string, stepId: string): Promise<Row<'connector_workflow_steps'>> {
  const row = await db.selectFrom('connector_workflow_steps').selectAll().where('connector_id', '=', connectorId).where('id', '=', stepId).executeTakeFirst();
  if (!row) throw notFound(STEP_NOT_FOUND);
  return row;
}

/**
 * Saves code as the step's next version if it still stands at baseVersion, and bumps the
 * connector's configuration version. Both in the caller's transaction.
 */
export async function saveStepCode(
  db: Db, step: Row<'connector_workflow_steps'>, code: string, baseVersion: number, editor: string, now: number,
): Promise<{ version: number; connectorVersion: number }> {
  const result = await db.updateTable('connector_workflow_steps')
    .set({ code, version: sql<number>`version + 1`, edited: 1, updated_by: editor, updated_at: now })
    .where('id', '=', step.id).where('connector_id', '=', step.connector_id).where('version', '=', baseVersion)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw conflict(STALE_VERSION, 'baseVersion');
  return { version: baseVersion + 1, connectorVersion: await bumpVersion(db, step.connector_id, now) };
}
