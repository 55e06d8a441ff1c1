import type { Kysely, Transaction } from 'kysely';
import type { components } from '../../generated/api/ai.ts';
import { newId } from '../db/ids.ts';
import type { Database, Row } from '../db/schema.ts';

// Test runs of a connector. Each row keeps the configuration version it ran, so publishing can ask
// for a passed sync or API test of the version being published.
type Db = Kysely<Database> | Transaction<Database>;
type Schemas = components['schemas'];
type TestRunSummary = Schemas['TestRunSummary'];
type WebhookTestResult = Schemas['WebhookTestResult'];
type TestKind = Schemas['TestKind'];
type TestStatus = Schemas['TestStatus'];

const KINDS: TestKind[] = ['webhook', 'sync', 'api'];
const STATUSES: TestStatus[] = ['queued', 'running', 'passed', 'failed'];

export function toTestRunSummary(row: Row<'connector_tests'>): TestRunSummary {
  return {
    testId: row.id,
    kind: KINDS.includes(row.kind as TestKind) ? (row.kind as TestKind) : 'sync',
    status: STATUSES.includes(row.status as TestStatus) ? (row.status as TestStatus) : 'failed',
    connectorId: row.connector_id,
    integrationId: row.integration_id,
    startedAt: row.started_at,
    completedAt: row.completed_at,
    summary: row.summary,
  };
}

export async function latestTest(db: Db, connectorId: string): Promise<Row<'connector_tests'> | undefined> {
  return db.selectFrom('connector_tests').selectAll().where('connector_id', '=', connectorId)
    .orderBy('started_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** A passed sync or API test of this configuration version (what publishing requires). */
export async function hasPassingTest(db: Db, connectorId: string, version: number): Promise<boolean> {
  const row = await db.selectFrom('connector_tests').select('id')
    .where('connector_id', '=', connectorId).where('kind', 'in', ['sync', 'api']).where('status', '=', 'passed')
    .where('connector_version', '=', version).limit(1).executeTakeFirst();
  return row !== undefined;
}

interface WebhookTestRun {
  orgId: string;
  connectorId: string;
  connectorVersion: number;
  sessionId: string | null;
  integrationId: string | null;
  eventType: string;
  destination: string;
  statusCode: number | null;
  statusMessage: string;
  durationMs: number;
  payload: unknown;
  sentAt: number;
}

/** Stores a finished webhook test: passed when the destination answered 200. */
export async function recordWebhookTest(db: Db, run: WebhookTestRun): Promise<WebhookTestResult> {
  const status: TestStatus = run.statusCode === 200 ? 'passed' : 'failed';
  const summary = run.statusCode === null ? `No answer: ${run.statusMessage}` : `Destination answered ${run.statusCode} ${run.statusMessage}`.trim();
  const id = newId('tst');
  await db.insertInto('connector_tests').values({
    id, org_id: run.orgId, connector_id: run.connectorId, session_id: run.sessionId, integration_id: run.integrationId, replay_of: null,
    kind: 'webhook', status, connector_version: run.connectorVersion, summary,
    result_json: JSON.stringify({ eventType: run.eventType, destination: run.destination, statusCode: run.statusCode, statusMessage: run.statusMessage, durationMs: run.durationMs, payload: run.payload }),
    started_at: run.sentAt, completed_at: run.sentAt + run.durationMs,
  }).execute();
  return {
    testId: id, connectorId: run.connectorId, integrationId: run.integrationId, eventType: run.eventType, destination: run.destination,
    status, statusCode: run.statusCode, statusMessage: run.statusMessage, durationMs: run.durationMs, payload: run.payload as WebhookTestResult['payload'], sentAt: run.sentAt,
  };
}
