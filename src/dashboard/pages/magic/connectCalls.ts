import type {
  SchemaConnectCompleteBody, SchemaConnectOauthCallbackBody, SchemaConnectOauthStartBody, SchemaConnectSession,
} from '../../../generated/api/engine.ts';
import { unwrap } from '../../providers/apiClient.ts';
import { apiClients } from '../../providers/clients.ts';

// The public calls of the connect screens, through the generated client. The token travels in
// the body, never in a URL the engine would log.

export async function loadConnectSession(authSessionToken: string, signal?: AbortSignal): Promise<SchemaConnectSession> {
  return (await unwrap(apiClients.engine.POST('/connect.getSession', { body: { authSessionToken }, signal }))).msg;
}

export async function completeConnect(body: SchemaConnectCompleteBody) {
  return (await unwrap(apiClients.engine.POST('/connect.complete', { body }))).msg;
}

/** The OAuth step's start: the authorize URL to open and the state the callback window will echo. */
export async function startOAuthConnect(body: SchemaConnectOauthStartBody) {
  return (await unwrap(apiClients.engine.POST('/connect.oauth.start', { body }))).msg;
}

/** The /oauth window's call with what the app sent it back with. */
export async function completeOAuthCallback(body: SchemaConnectOauthCallbackBody) {
  return (await unwrap(apiClients.engine.POST('/connect.oauth.callback', { body }))).msg;
}
