import type { SchemaConnectCompleteBody, SchemaConnectSession } from '../../../generated/api/engine.ts';
import { unwrap } from '../../providers/apiClient.ts';
import { apiClients } from '../../providers/clients.ts';

// The two public calls of the connect screen, through the generated client. The token travels in
// the body, never in a URL the engine would log.

export async function loadConnectSession(authSessionToken: string, signal?: AbortSignal): Promise<SchemaConnectSession> {
  return (await unwrap(apiClients.engine.POST('/connect.getSession', { body: { authSessionToken }, signal }))).msg;
}

export async function completeConnect(body: SchemaConnectCompleteBody) {
  return (await unwrap(apiClients.engine.POST('/connect.complete', { body }))).msg;
}
