import type { Kysely } from 'kysely';
import type { EngineConfig } from '../config.ts';
import { newId } from '../db/ids.ts';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../handlers/types.ts';
import { markAccountError } from '../repositories/accountChanges.ts';
import {
  accountAuthRow, accountTokens, claimTokenRefresh, completeTokenRefresh, releaseTokenRefresh, type AccountTokensRow,
} from '../repositories/accountTokens.ts';
import { vendorApps } from '../repositories/appCatalog.ts';
import { isInactiveState } from '../../shared/integrationStates.ts';
import { openCredentials } from './accountCredentials.ts';
import type { InProcessHttp } from './inProcessHttp.ts';
import { openSecret, sealSecret } from './secrets.ts';
import { refreshTokens, type TokenSet } from './vendorOAuth.ts';

/*
 * An integrated account's usable credentials, for the services that call its app (the unified
 * API, the sync scheduler, services/sandboxClient.ts):
 *
 *   credentialsForAccount(services, integrationId, options?): Promise<AccountCredentials>
 *     services: { db, config, clock, http } (EngineServices has them all)
 *     options.marginMs: refresh an access token that expires within this (default 60 s)
 *   AccountCredentials =
 *     | { kind: 'oauth'; integrationId; orgId; appId; category; accessToken; tokenType; scope; expiresAt; values }
 *     | { kind: 'fields'; integrationId; orgId; appId; category; values }      (the app's setup fields)
 *     | { kind: 'none'; integrationId; orgId; appId; category; values: {} }   (an app without credentials)
 *     expiresAt is unix ms on the engine's clock; values are the setup fields the end customer typed
 *     (an OAuth app may have some too: its subdomain).
 *   throws CredentialsUnavailable { reason, message }:
 *     not_found      no such account
 *     inactive       the account is deactivated or expired
 *     not_connected  it holds no credentials (the seeded demo's accounts, or an OAuth account without tokens)
 *     refused        the app refused to renew the access token; the account is now in Error
 *     unavailable    the app's authorization server did not answer and the token has expired
 *
 *   sealTokens(tokens, secret): string / openTokens(sealed, secret): StoredTokens | undefined
 *
 * OAuth tokens live sealed in account_oauth_tokens (purpose 'oauth-tokens'), with the access
 * token's expiry in clear. A token that expires within the margin is refreshed first, and the
 * refresh is claimed in one statement (a lease of 30 s): of many callers at once exactly one calls
 * the token endpoint; the others use the current token while it is still valid, or wait for the
 * new one. The sandbox rotates refresh tokens and revokes the whole grant when an old one is used
 * again, so refreshing twice would cost the account its connection.
 */

export interface AccountAccessServices {
  db: Kysely<Database>;
  config: EngineConfig;
  clock: Clock;
  http: InProcessHttp;
}

interface AccountRef {
  integrationId: string;
  orgId: string;
  appId: string;
  category: string;
  values: Record<string, string>;
}

export type AccountCredentials =
  | (AccountRef & { kind: 'oauth'; accessToken: string; tokenType: string; scope: string; expiresAt: number })
  | (AccountRef & { kind: 'fields' })
  | (AccountRef & { kind: 'none' });

type UnavailableReason = 'not_found' | 'inactive' | 'not_connected' | 'refused' | 'unavailable';

export class CredentialsUnavailable extends Error {
  constructor(readonly reason: UnavailableReason, message: string) {
    super(message);
    this.name = 'CredentialsUnavailable';
  }
}

/** The tokens as stored (sealed) for an account. */
export interface StoredTokens {
  accessToken: string;
  refreshToken: string | null;
  tokenType: string;
  scope: string;
}

const TOKENS_PURPOSE = 'oauth-tokens';
export const REFRESH_MARGIN_MS = 60_000;
const REFRESH_LEASE_MS = 30_000;
/** How long a caller waits for another caller's refresh of an expired token. */
const WAIT_FOR_REFRESH_MS = 10_000;
const WAIT_STEP_MS = 25;

export const sealTokens = (tokens: TokenSet | StoredTokens, secret: string): string =>
  sealSecret(JSON.stringify({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, tokenType: tokens.tokenType, scope: tokens.scope }), secret, TOKENS_PURPOSE);

export function openTokens(sealed: string, secret: string): StoredTokens | undefined {
  const plain = openSecret(sealed, secret, TOKENS_PURPOSE);
  return plain === undefined ? undefined : (JSON.parse(plain) as StoredTokens);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function credentialsForAccount(services: AccountAccessServices, integrationId: string, options: { marginMs?: number } = {}): Promise<AccountCredentials> {
  const { db, config } = services;
  const account = await accountAuthRow(db, integrationId);
  if (!account) throw new CredentialsUnavailable('not_found', 'Integrated account not found');
  if (isInactiveState(account.integration_state)) throw new CredentialsUnavailable('inactive', `The account is ${account.integration_state.toLowerCase()}`);
  const app = (await vendorApps(db)).get(account.app_id);
  const values = openCredentials(account.auth_data_json, config.signingSecret);
  const ref: AccountRef = { integrationId, orgId: account.org_id, appId: account.app_id, category: account.category, values: values ?? {} };
  if (app?.oauth) return { kind: 'oauth', ...ref, ...(await freshToken(services, account.org_id, integrationId, options.marginMs ?? REFRESH_MARGIN_MS)) };
  if (!app || app.steps.length === 0) return { kind: 'none', ...ref, values: {} };
  if (!values) throw new CredentialsUnavailable('not_connected', 'The account holds no credentials: reconnect it');
  return { kind: 'fields', ...ref };
}

type FreshToken = Pick<Extract<AccountCredentials, { kind: 'oauth' }>, 'accessToken' | 'tokenType' | 'scope' | 'expiresAt'>;

function usable(row: AccountTokensRow, secret: string): FreshToken & { refreshToken: string | null } {
  const tokens = openTokens(row.tokens_sealed, secret);
  if (!tokens) throw new CredentialsUnavailable('not_connected', 'The account holds no usable tokens: reconnect it');
  return { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, tokenType: tokens.tokenType, scope: tokens.scope, expiresAt: Number(row.access_expires_at) };
}

const publicPart = ({ accessToken, tokenType, scope, expiresAt }: FreshToken): FreshToken => ({ accessToken, tokenType, scope, expiresAt });

/** The account's access token, refreshed first when it expires within the margin. */
async function freshToken(services: AccountAccessServices, orgId: string, integrationId: string, marginMs: number): Promise<FreshToken> {
  const { db, config, clock } = services;
  const waitUntil = Date.now() + WAIT_FOR_REFRESH_MS;
  for (;;) {
    const row = await accountTokens(db, integrationId);
    if (!row) throw new CredentialsUnavailable('not_connected', 'The account holds no tokens: reconnect it');
    const now = clock.now();
    const current = usable(row, config.signingSecret);
    if (current.expiresAt - marginMs > now) return publicPart(current);

    const claimId = newId('rcl');
    if (await claimTokenRefresh(db, integrationId, claimId, now + marginMs, REFRESH_LEASE_MS, now)) {
      return refreshClaimed(services, orgId, integrationId, claimId);
    }
    // Another caller is refreshing: its token is still good until it expires, else wait for the new one.
    if (current.expiresAt > now) return publicPart(current);
    if (Date.now() >= waitUntil) throw new CredentialsUnavailable('unavailable', 'The access token expired and its renewal did not finish in time');
    await sleep(WAIT_STEP_MS);
  }
}

async function refreshClaimed(services: AccountAccessServices, orgId: string, integrationId: string, claimId: string): Promise<FreshToken> {
  const { db, config, clock, http } = services;
  // Read again under the claim: the refresh token is the latest one.
  const row = await accountTokens(db, integrationId);
  if (!row) throw new CredentialsUnavailable('not_connected', 'The account holds no tokens: reconnect it');
  const current = usable(row, config.signingSecret);
  if (!current.refreshToken) {
    await releaseTokenRefresh(db, integrationId, claimId);
    if (current.expiresAt > clock.now()) return publicPart(current);
    await markAccountError(db, orgId, integrationId, 'The access token expired and the app gave no refresh token: reconnect the account', clock.now());
    throw new CredentialsUnavailable('refused', 'The access token expired and cannot be renewed: reconnect the account');
  }
  const result = await refreshTokens(http, config, row.app_id, current.refreshToken);
  if (!result.ok) {
    await releaseTokenRefresh(db, integrationId, claimId);
    if (result.refused) {
      await markAccountError(db, orgId, integrationId, `The app refused to renew access (${result.error}): reconnect the account`, clock.now());
      throw new CredentialsUnavailable('refused', `The app refused to renew access (${result.error}): reconnect the account`);
    }
    if (current.expiresAt > clock.now()) return publicPart(current);
    throw new CredentialsUnavailable('unavailable', 'The app could not renew the access token; try again later');
  }
  const now = clock.now();
  const tokens: StoredTokens = { ...result.tokens, refreshToken: result.tokens.refreshToken ?? current.refreshToken };
  const expiresAt = now + result.tokens.expiresInSeconds * 1000;
  await completeTokenRefresh(db, integrationId, claimId, sealTokens(tokens, config.signingSecret), expiresAt, now);
  return { accessToken: tokens.accessToken, tokenType: tokens.tokenType, scope: tokens.scope, expiresAt };
}
