import { timingSafeEqual } from 'node:crypto';
import { newId } from '../db/ids.ts';
import { badRequest } from '../errors.ts';
import type { EngineServices } from '../handlers/types.ts';
import type { BodyOf, MsgOf } from '../contractTypes.ts';
import { usableSession } from '../repositories/authSessions.ts';
import { authorizationByNonce, claimAuthorization, deleteStaleAuthorizations, insertAuthorization } from '../repositories/oauthAuthorizations.ts';
import type { Category } from '../../shared/categories.ts';
import { sealTokens } from './accountAccess.ts';
import { connectAccount } from './connectAccount.ts';
import { checkedValues, offeredApp } from './connectChoice.ts';
import { openSecret, sealSecret } from './secrets.ts';
import { hashToken, randomToken } from './tokens.ts';
import { authorizeUrl, exchangeCode, pkcePair } from './vendorOAuth.ts';

/*
 * The end customer's OAuth sign-in of an app, the engine being the OAuth client:
 *
 *   startOAuthConnect(services, body: connect.oauth.start's body): Promise<{ authorizeUrl, state, expiresAt (s) }>
 *   completeOAuthConnect(services, body: connect.oauth.callback's body): Promise<IntegrationDetails>
 *
 * Start checks the choice as the form connect does, then keeps (10 minutes, sealed for its own
 * purpose) the state it issues, the PKCE verifier and the earlier steps' values, found by the hash
 * of the state's nonce. The state is base64url JSON { appId, isFinalStep, stepId, category,
 * reintegrate, authSessionToken, nonce }, as the /oauth callback screen reads it.
 *
 * Complete refuses, with 'Something went wrong, please try again' and before anything changes, a
 * state it did not issue, one with any field changed (it must equal the kept one byte for byte), an
 * expired one, and one already used: the first callback claims it in one statement, so of two at
 * once exactly one goes on. Then it exchanges the code with the verifier and connects the account
 * as the form connect does (services/connectAccount.ts), the tokens sealed with it.
 */

const STATE_TTL_MS = 10 * 60_000;
const BAD_STATE = 'Something went wrong, please try again';
const OAUTH_UNAVAILABLE = 'This app connects with an OAuth sign-in, which is not available yet';
const SEAL_PURPOSE = 'oauth-authorizations';

type StartBody = BodyOf<'connectOauthStart'>;
type CallbackBody = BodyOf<'connectOauthCallback'>;
type IntegrationDetails = MsgOf<'connectOauthCallback'>;

interface StatePayload {
  appId: string;
  isFinalStep: boolean;
  stepId: string;
  category: Category;
  reintegrate: boolean;
  authSessionToken: string;
  nonce: string;
}

/** What start keeps for the callback, sealed. */
interface KeptAuthorization {
  state: string;
  verifier: string;
  values: Record<string, string>;
  connectorId: string | null;
  integrationId: string;
}

const encodeState = (payload: StatePayload) => Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');

function decodeState(state: string): StatePayload | undefined {
  try {
    const payload = JSON.parse(Buffer.from(state, 'base64url').toString('utf8')) as Partial<StatePayload>;
    const ok = payload !== null && typeof payload === 'object' && typeof payload.nonce === 'string' && typeof payload.authSessionToken === 'string'
      && typeof payload.appId === 'string' && typeof payload.category === 'string';
    return ok ? (payload as StatePayload) : undefined;
  } catch {
    return undefined;
  }
}

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export async function startOAuthConnect(services: EngineServices, body: StartBody): Promise<MsgOf<'connectOauthStart'>> {
  const { db, config, clock } = services;
  const now = clock.now();
  const session = await usableSession(db, body.authSessionToken, now);
  const app = await offeredApp(db, session, body, { oauthAvailable: config.sandboxEnabled });
  const stepIndex = app.steps.findIndex((s) => s.setupType === 'OAUTH');
  if (stepIndex < 0) throw badRequest(`${app.label} does not connect with an OAuth sign-in`, 'appId');
  if (!app.connectable) throw badRequest(OAUTH_UNAVAILABLE, 'appId');
  if (app.steps[stepIndex].stepId !== body.stepId) throw badRequest(`${body.stepId} is not the OAuth sign-in step of ${app.label}`, 'stepId');
  const last = stepIndex === app.steps.length - 1;
  if (body.isFinalStep !== last) throw badRequest(`The OAuth sign-in is ${last ? '' : 'not '}the last step of ${app.label}`, 'isFinalStep');
  if (!last) throw badRequest(`Steps after the OAuth sign-in of ${app.label} are not supported`, 'stepId');
  if (body.reintegrate !== (session.kind === 'reintegrate')) throw badRequest(`This link ${body.reintegrate ? 'does not reconnect' : 'reconnects'} an account`, 'reintegrate');
  const values = checkedValues(app.steps.slice(0, stepIndex), body.values ?? {});

  const integrationId = session.integration_id ?? newId('int');
  const nonce = randomToken(32);
  const state = encodeState({
    appId: app.id, isFinalStep: body.isFinalStep, stepId: body.stepId, category: body.category, reintegrate: body.reintegrate,
    authSessionToken: body.authSessionToken, nonce,
  });
  const pkce = pkcePair();
  const kept: KeptAuthorization = { state, verifier: pkce.verifier, values, connectorId: app.connectorId, integrationId };
  await deleteStaleAuthorizations(db, session.id, now);
  await insertAuthorization(db, {
    id: newId('oau'),
    nonce_hash: hashToken(nonce),
    auth_session_id: session.id,
    app_id: app.id,
    category: body.category,
    sealed: sealSecret(JSON.stringify(kept), config.signingSecret, SEAL_PURPOSE),
    created_at: now,
    expires_at: now + STATE_TTL_MS,
    used_at: null,
  });
  return {
    authorizeUrl: authorizeUrl(config, { appId: app.id, category: body.category, state, codeChallenge: pkce.challenge, loginHint: integrationId }),
    state,
    expiresAt: Math.floor((now + STATE_TTL_MS) / 1000),
  };
}

const refusal = (code: string, description: string, resolution: string) => ({ code, description, resolution });

export async function completeOAuthConnect(services: EngineServices, body: CallbackBody): Promise<IntegrationDetails> {
  const { db, config, clock, http } = services;
  const now = clock.now();
  const payload = decodeState(body.state);
  const row = payload && await authorizationByNonce(db, hashToken(payload.nonce));
  const plain = row && openSecret(row.sealed, config.signingSecret, SEAL_PURPOSE);
  const kept = plain === undefined ? undefined : (JSON.parse(plain) as KeptAuthorization);
  if (!payload || !row || !kept || !sameText(kept.state, body.state) || row.used_at !== null || row.expires_at <= now) throw badRequest(BAD_STATE, 'state');
  if (body.code === undefined && body.error === undefined) throw badRequest(BAD_STATE, 'code');
  if (!(await claimAuthorization(db, row.id, now))) throw badRequest(BAD_STATE, 'state');

  const session = await usableSession(db, payload.authSessionToken, now);
  const details = { integrationId: kept.integrationId, appId: row.app_id, categoryId: row.category as Category, originOrgId: session.origin_org_id, isDeactivated: false };
  if (body.code === undefined) {
    const denied = body.error === 'access_denied';
    return {
      ...details,
      success: false,
      errors: [refusal(body.error!, body.errorDescription || (denied ? 'Access to the app was denied' : 'The app did not authorise the connection'),
        denied ? 'Connect the app again and choose Allow' : 'Connect the app again')],
    };
  }
  const exchanged = await exchangeCode(http, config, row.app_id, body.code, kept.verifier);
  if (!exchanged.ok) {
    return { ...details, success: false, errors: [refusal(exchanged.error, exchanged.description, 'Connect the app again')] };
  }
  const app = await offeredApp(db, session, { appId: row.app_id, category: row.category, ...(kept.connectorId ? { connectorId: kept.connectorId } : {}) }, { oauthAvailable: true });
  const account = await connectAccount(db, {
    session, app, category: row.category, values: kept.values, secret: config.signingSecret, now: clock.now(), integrationId: kept.integrationId,
    oauth: { tokensSealed: sealTokens(exchanged.tokens, config.signingSecret), accessExpiresAt: clock.now() + exchanged.tokens.expiresInSeconds * 1000 },
  });
  return { ...details, integrationId: account.id, originOrgId: account.origin_org_id, success: true, errors: [] };
}
