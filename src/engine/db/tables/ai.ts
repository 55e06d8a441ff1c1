import type { BoolWithDefault, EpochMs, IntWithDefault, JsonText, TextWithDefault } from './types.ts';

/*
 * The AI/connectors service's own tables (20261125120000); the connectors and their chat
 * messages are in accounts.ts.
 */

/** A connector-building chat session: what the new-connector flow and its history panel show. */
export interface AiSessionsTable {
  /** sessionId (ais_…). */
  id: string;
  org_id: string;
  connector_id: string;
  created_by_user_id: string | null;
  /** Username of the user who started it (their e-mail without one), denormalised for the history. */
  created_by: string;
  /** The first user message cut to 80 characters, else the connector's name. */
  title: string;
  /** build (makes the connector) | edit (changes a testing or live one) */
  kind: string;
  /** active | completed | discarded; at most one active session per connector. */
  status: TextWithDefault;
  /** ChatStep where the session stands. */
  chat_step: string;
  /** [ChatStep] done, in flow order. */
  completed_steps_json: TextWithDefault;
  message_count: IntWithDefault;
  /** The last message cut to 120 characters. */
  last_message_preview: TextWithDefault;
  created_at: EpochMs;
  updated_at: EpochMs;
}

/** One step of a connector's workflow with its code; saves compare-and-set on version. */
export interface ConnectorWorkflowStepsTable {
  /** stepId (stp_…). */
  id: string;
  org_id: string;
  connector_id: string;
  /** 1-based order in the workflow. */
  position: number;
  name: string;
  /** trigger | auth | api_call | transform | condition | loop | output */
  type: string;
  description: TextWithDefault;
  /** javascript | typescript | python */
  language: string;
  code: string;
  version: IntWithDefault;
  /** 1 once a user saved code by hand. */
  edited: BoolWithDefault;
  /** Username of the last editor, or 'assistant'. */
  updated_by: string;
  input_schema_json: TextWithDefault;
  output_schema_json: TextWithDefault;
  /** The step in the latest test: { testId, status, input, output, logs, durationMs, at }; null if never run. */
  last_run_json: JsonText | null;
  created_at: EpochMs;
  updated_at: EpochMs;
}

/** A test run of a connector (webhook, sync or API) on the connector version it ran. */
export interface ConnectorTestsTable {
  /** testId (tst_…). */
  id: string;
  org_id: string;
  connector_id: string;
  session_id: string | null;
  integration_id: string | null;
  /** The test this one replays. */
  replay_of: string | null;
  /** webhook | sync | api */
  kind: string;
  /** queued | running | passed | failed */
  status: string;
  connector_version: number;
  /** One line, e.g. '42 records fetched, 0 failed'. */
  summary: TextWithDefault;
  /** The kind's own result (webhook: eventType, destination, statusCode, statusMessage, durationMs, payload). */
  result_json: TextWithDefault;
  started_at: EpochMs;
  completed_at: EpochMs | null;
}

/** An app an organisation described by hand for a custom connector (id 'custom_' + slug). */
export interface CustomAppsTable {
  org_id: string;
  id: string;
  label: string;
  base_url: string;
  docs_url: string | null;
  category: string | null;
  /** OAUTH | BASIC | OTHER | NONE */
  auth_type: string;
  created_by_user_id: string | null;
  created_at: EpochMs;
  updated_at: EpochMs;
}
