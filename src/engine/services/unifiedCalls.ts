import type { FastifyRequest } from 'fastify';
import { ID_PREFIX, newId } from '../db/ids.ts';
import type { IssueType } from '../../shared/issueTypes.ts';

/*
 * One unified API call while it runs: the integrated account it is for, the native calls made to
 * the account's app so far, and the failure to raise as an issue. Begun when the call is
 * authorised (services/unifiedAccess.ts), filled by the services that call the app
 * (services/appCalls.ts), written to the API logs when the answer is sent
 * (plugins/unifiedCallLog.ts -> services/unifiedCallLog.ts). Kept per request, so nothing else
 * can reach it.
 */

/** The integrated account a unified API call is for, as the log rows name it. */
export interface UnifiedAccount {
  integrationId: string;
  orgId: string;
  originOrgId: string;
  originOrgName: string;
  appId: string;
  appLabel: string;
  category: string;
  syncPaused: boolean;
}

/** A call made to the app for the unified call, as the native-calls table and the bodies keep it. */
export interface RecordedNativeCall {
  method: string;
  /** The path on the app's API, query string removed. */
  path: string;
  status: number;
  statusMessage: string;
  startedAt: number;
  durationMs: number;
  requestBody: unknown;
  responseBody: string;
}

/** Why the call failed at the app, for the issue it raises (one per call). */
export interface AppFailure {
  errorType: IssueType;
  statusCode: number;
  message: string;
  /** Failing native calls behind it (0 when the app was never reached, e.g. a refused renewal). */
  failingCalls: number;
}

export interface UnifiedCall {
  executionId: string;
  /** When the call came in, engine clock (ms). */
  startedAt: number;
  account: UnifiedAccount;
  nativeCalls: RecordedNativeCall[];
  failure?: AppFailure;
}

const callsByRequest = new WeakMap<FastifyRequest, UnifiedCall>();

export function beginUnifiedCall(request: FastifyRequest, account: UnifiedAccount, now: number): UnifiedCall {
  const call: UnifiedCall = { executionId: newId(ID_PREFIX.execution), startedAt: now, account, nativeCalls: [] };
  callsByRequest.set(request, call);
  return call;
}

/** The unified call a request is, once authorised; undefined for every other request. */
export const unifiedCallOf = (request: FastifyRequest): UnifiedCall | undefined => callsByRequest.get(request);
