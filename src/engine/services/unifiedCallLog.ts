import { STATUS_CODES } from 'node:http';
import type { Kysely } from 'kysely';
import type { EngineConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { writeUnifiedCallRows, type UnifiedCallRows } from '../repositories/apiCallLogs.ts';
import { issueData } from '../../shared/issueTypes.ts';
import { startOfUtcDay } from '../../shared/timeWindows.ts';
import { redactBody, redactUrl } from './redaction.ts';
import type { UnifiedCall } from './unifiedCalls.ts';

/*
 * A unified API call as the logs keep it, written once its answer is known: the API log row (as
 * the seed writes them: the public URL with its query, credentials redacted; the answer's status
 * and message), each native call, the bodies of both (redacted, at most BODY_BYTES each), the
 * account's usage counters of the day, and the issue of a failure at the app.
 */
const BODY_BYTES = 32 * 1024;

export interface UnifiedAnswer {
  method: string;
  /** The request's URL as received: path and query. */
  url: string;
  status: number;
  requestBody: unknown;
  /** The answer as sent (serialised JSON). */
  responseText: string | undefined;
  durationMs: number;
}

/** The text of a status: the standard phrase for a success, the envelope's error message otherwise. */
export function statusMessageOf(status: number, responseText: string | undefined): string {
  if (status < 300 || !responseText) return STATUS_CODES[status] ?? `HTTP ${status}`;
  try {
    const msg = (JSON.parse(responseText) as { error?: { msg?: unknown } }).error?.msg;
    if (typeof msg === 'string' && msg !== '') return msg.slice(0, 500);
  } catch {
    // Not the envelope: the standard phrase says enough.
  }
  return STATUS_CODES[status] ?? `HTTP ${status}`;
}

export function unifiedCallRows(config: EngineConfig, call: UnifiedCall, answer: UnifiedAnswer): UnifiedCallRows {
  const { account, executionId } = call;
  const path = answer.url.split('?')[0];
  const failed = answer.status > 299;
  return {
    apiLog: {
      org_id: account.orgId,
      request_ts: call.startedAt,
      execution_id: executionId,
      origin_org_id: account.originOrgId,
      origin_org_name: account.originOrgName,
      integration_id: account.integrationId,
      app_id: account.appId,
      app_label: account.appLabel,
      category: account.category,
      method: answer.method,
      url: `${config.publicUrl.replace(/\/+$/, '')}${redactUrl(answer.url)}`,
      path,
      status_code: answer.status,
      status_message: statusMessageOf(answer.status, answer.responseText),
      native_api_call_count: call.nativeCalls.length,
      duration_ms: Math.round(answer.durationMs),
    },
    nativeCalls: call.nativeCalls.map((n) => ({
      org_id: account.orgId,
      execution_id: executionId,
      record_id: null,
      trace_id: null,
      ts: n.startedAt,
      method: n.method,
      path: n.path,
      status_code: n.status,
      status_message: n.statusMessage,
      app_id: account.appId,
      app_label: account.appLabel,
      duration_ms: Math.round(n.durationMs),
    })),
    bodies: [
      { org_id: account.orgId, execution_id: executionId, ts: call.startedAt, seq: 0,
        request_body: redactBody(answer.requestBody, BODY_BYTES), response_body: redactBody(answer.responseText, BODY_BYTES) },
      ...call.nativeCalls.map((n, i) => ({
        org_id: account.orgId, execution_id: executionId, ts: n.startedAt, seq: i + 1,
        request_body: redactBody(n.requestBody, BODY_BYTES), response_body: redactBody(n.responseBody, BODY_BYTES),
      })),
    ],
    usage: {
      org_id: account.orgId,
      origin_org_id: account.originOrgId,
      integration_id: account.integrationId,
      day: startOfUtcDay(call.startedAt),
      api_calls: 1,
      native_api_calls: call.nativeCalls.length,
      api_call_errors: failed ? 1 : 0,
    },
    ...(call.failure ? {
      issue: {
        org_id: account.orgId,
        date: call.startedAt,
        error_type: call.failure.errorType,
        log_type: 'api' as const,
        error_data_str: issueData(call.failure.errorType, call.failure.message, call.failure.statusCode, call.startedAt),
        error_message: call.failure.message,
        origin_org_id: account.originOrgId,
        organization: account.originOrgName,
        app_id: account.appId,
        app_label: account.appLabel,
        integration_id: account.integrationId,
        execution_id: executionId,
        issue_calls: Math.max(1, call.failure.failingCalls),
        outstanding_key: `api:${call.failure.errorType}:${account.integrationId}`,
      },
    } : {}),
  };
}

export async function recordUnifiedCall(services: { db: Kysely<Database>; config: EngineConfig }, call: UnifiedCall, answer: UnifiedAnswer): Promise<void> {
  await writeUnifiedCallRows(services.db, unifiedCallRows(services.config, call, answer));
}
