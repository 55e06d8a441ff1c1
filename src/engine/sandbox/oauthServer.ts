import { createPrivateKey, hkdfSync, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import Provider, { errors, type Configuration, type JWK } from 'oidc-provider';
import type { EngineConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { routeHeaders, type RouteSecurityHeaders } from '../plugins/securityHeaders.ts';
import { vendorApps, type VendorApp } from '../repositories/appCatalog.ts';
import { revokeAccountGrants } from '../repositories/sandboxOauthRecords.ts';
import type { Category } from '../../shared/categories.ts';
import { consentPage, errorPage } from './consentPage.ts';
import { sandboxOauthStore } from './oauthStore.ts';
import {
  allSandboxScopes, categoryScopes, OFFLINE_ACCESS, oauthRedirectUri, SANDBOX_OAUTH_PATH, sandboxClientSecret, sandboxIssuer,
} from './registration.ts';
import type { AccessTokenCheck } from './vendorApi.ts';

/*
 * The sandbox OAuth 2.0 authorization server: oidc-provider (a kept, certified implementation),
 * mounted under SANDBOX_OAUTH_PATH inside the engine's Fastify app, storing its state in the
 * engine's database (oauthStore.ts). It is what the catalog's OAuth apps authorise against, each
 * app a confidential client (registration.ts).
 *
 * - Authorization code flow only (response_type code), PKCE required with S256 for every client.
 * - Sign-in: the sandbox vendor has no users of its own; the account signed in is the
 *   login_hint the client sends (the engine sends the integration id, so one integrated account is
 *   one sandbox connection and sees the same data again), or a new random account.
 * - Consent: our own page (consentPage.ts) names the app and what it grants, Allow or Deny.
 * - Refresh tokens with the offline_access scope, rotated on every use; a rotated refresh token
 *   used again revokes the whole grant (oidc-provider's reuse detection).
 * - Short-lived opaque access tokens (SANDBOX_ACCESS_TOKEN_SECONDS), checked by the vendor APIs.
 * - Token revocation endpoint; no dynamic registration, no user info, no device flow.
 *
 * oidc-provider keeps its own clock (the wall clock): token lifetimes are real time, as a real
 * vendor's are; the engine decides on refreshes with its own clock.
 */

const SIGNING_SALT = 'integration-dashboard/sandbox-oauth';

/** An Ed25519 signing key derived from the engine's secret, so every engine process signs alike. */
function signingKey(signingSecret: string): JWK {
  const seed = Buffer.from(hkdfSync('sha256', signingSecret, SIGNING_SALT, 'id-token-signing-key', 32));
  const pkcs8 = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]);
  return { ...createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' }).export({ format: 'jwk' }), use: 'sig', alg: 'EdDSA' } as JWK;
}

const cookieKey = (signingSecret: string) => Buffer.from(hkdfSync('sha256', signingSecret, SIGNING_SALT, 'cookie-signing-key', 32)).toString('base64url');

/** A login_hint the sandbox takes as its account id; anything else signs in a new account. */
const ACCOUNT_ID = /^[A-Za-z0-9_-]{1,64}$/;

export interface SandboxOauthServer {
  provider: Provider;
  checkAccessToken: AccessTokenCheck;
  /** Revokes every grant (and token) of a sandbox account; the count of grants. */
  revokeAccount(accountId: string): Promise<number>;
}

function providerConfiguration(db: Kysely<Database>, config: EngineConfig, apps: VendorApp[]): Configuration {
  const categories = [...new Set(apps.map((a) => a.category as Category))];
  return {
    adapter: sandboxOauthStore(db),
    clients: apps.map((app) => ({
      client_id: app.id,
      client_secret: sandboxClientSecret(config.signingSecret, app.id),
      client_name: app.label,
      redirect_uris: [oauthRedirectUri(config.publicUrl)],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
      scope: [OFFLINE_ACCESS.name, ...categoryScopes(app.category as Category).map((s) => s.name)].join(' '),
    })),
    clientBasedCORS: () => false,
    // ID tokens (never asked for: no openid scope) would be signed with the one key, Ed25519.
    clientDefaults: { id_token_signed_response_alg: 'EdDSA', grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'client_secret_basic' },
    cookies: { keys: [cookieKey(config.signingSecret)] },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: false },
      resourceIndicators: { enabled: false },
      rpInitiatedLogout: { enabled: false },
    },
    async findAccount(_ctx, id) {
      return { accountId: id, claims: async () => ({ sub: id }) };
    },
    interactions: { url: (_ctx, interaction) => `${SANDBOX_OAUTH_PATH}/interaction/${interaction.uid}` },
    jwks: { keys: [signingKey(config.signingSecret)] },
    enabledJWA: { idTokenSigningAlgValues: ['EdDSA'] },
    pkce: { required: () => true },
    responseTypes: ['code'],
    rotateRefreshToken: true,
    scopes: allSandboxScopes(categories),
    ttl: {
      AccessToken: config.sandboxAccessTokenSeconds,
      AuthorizationCode: 60,
      RefreshToken: 30 * 24 * 3600,
      Grant: 365 * 24 * 3600,
      Interaction: 10 * 60,
      Session: 60 * 60,
      IdToken: 60 * 60,
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = errorPage(out.error_description ?? out.error);
    },
  };
}

type MountedRequest = IncomingMessage & { originalUrl?: string };

export async function createSandboxOauthServer(db: Kysely<Database>, config: EngineConfig): Promise<SandboxOauthServer> {
  const apps = [...(await vendorApps(db)).values()].filter((a) => a.oauth);
  const provider = new Provider(sandboxIssuer(config.publicUrl), providerConfiguration(db, config, apps));
  // X-Forwarded-Proto counts only when the engine trusts its proxy.
  provider.proxy = config.trustProxy !== false;
  return {
    provider,
    async checkAccessToken(value) {
      const token = await provider.AccessToken.find(value);
      if (!token || !token.accountId || !token.clientId) return undefined;
      return { clientId: token.clientId, accountId: token.accountId, scopes: [...token.scopes] };
    },
    revokeAccount: (accountId) => revokeAccountGrants(db, accountId),
  };
}

/**
 * Mounts the server: its own routes go to oidc-provider untouched (the request body unread, so it
 * parses what it needs itself), the interaction routes are ours (sign-in and the consent page).
 */
export async function registerSandboxOauth(app: FastifyInstance, server: SandboxOauthServer, db: Kysely<Database>, headers: RouteSecurityHeaders): Promise<void> {
  const { provider } = server;
  const callback = provider.callback();
  const labels = new Map([...(await vendorApps(db)).values()].map((a) => [a.id, a]));

  await app.register(async (scope) => {
    // oidc-provider reads bodies itself: this scope's parser leaves every body unread.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    scope.route({
      method: ['GET', 'POST', 'HEAD', 'OPTIONS'],
      url: `${SANDBOX_OAUTH_PATH}/*`,
      // Its authorize redirects pass through the OAuth window.
      config: routeHeaders(headers.oauthWindowPage),
      handler: async (request, reply) => {
        reply.hijack();
        const raw = request.raw as MountedRequest;
        raw.originalUrl = raw.url;
        raw.url = (raw.url ?? '').slice(SANDBOX_OAUTH_PATH.length) || '/';
        await callback(raw, reply.raw);
      },
    });
  });

  await app.register(async (scope) => {
    // The consent form posts application/x-www-form-urlencoded (a few bytes).
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    const url = `${SANDBOX_OAUTH_PATH}/interaction/:uid`;
    scope.get(url, { config: routeHeaders(headers.oauthConsentPage) }, (request, reply) => interaction(request, reply, server, labels));
    scope.post(url, { config: routeHeaders(headers.oauthConsentPage) }, (request, reply) => interaction(request, reply, server, labels));
  });
}

const page = (reply: FastifyReply, status: number, html: string) =>
  reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);

/**
 * The interaction the server asked for. Sign-in completes at once (the account is the login_hint);
 * consent shows the page on GET and takes its answer on POST: Allow grants what the app asked for,
 * Deny ends the authorisation with access_denied.
 */
async function interaction(request: FastifyRequest, reply: FastifyReply, server: SandboxOauthServer, apps: Map<string, VendorApp>) {
  const { provider } = server;
  let details;
  try {
    details = await provider.interactionDetails(request.raw, reply.raw);
  } catch (error) {
    if (error instanceof errors.SessionNotFound) return page(reply, 400, errorPage('This sign-in has expired or was already finished. Close this window and start again.'));
    throw error;
  }
  const { uid, prompt, params } = details;
  if (uid !== (request.params as { uid: string }).uid) return page(reply, 400, errorPage('This sign-in does not match this page. Close this window and start again.'));
  const clientId = String(params.client_id);

  if (prompt.name === 'login') {
    const hint = typeof params.login_hint === 'string' && ACCOUNT_ID.test(params.login_hint) ? params.login_hint : `acct_${randomBytes(12).toString('base64url')}`;
    reply.hijack();
    return provider.interactionFinished(request.raw, reply.raw, { login: { accountId: hint, remember: false } }, { mergeWithLastSubmission: false });
  }
  if (prompt.name !== 'consent') return page(reply, 400, errorPage('This sign-in cannot continue. Close this window and start again.'));

  const app = apps.get(clientId);
  const requested = String(params.scope ?? '').split(' ').filter(Boolean);
  if (request.method === 'GET') {
    const scopes = [...(app ? categoryScopes(app.category as Category) : []), OFFLINE_ACCESS].filter((s) => requested.includes(s.name));
    return page(reply, 200, consentPage({
      appLabel: app?.label ?? clientId,
      accountId: details.session?.accountId ?? '',
      scopes,
      action: `${SANDBOX_OAUTH_PATH}/interaction/${encodeURIComponent(uid)}`,
      returnTo: new URL(String(params.redirect_uri)).origin,
    }));
  }

  const decision = (request.body as { decision?: string } | undefined)?.decision;
  reply.hijack();
  if (decision !== 'allow') {
    return provider.interactionFinished(request.raw, reply.raw, { error: 'access_denied', error_description: 'The user denied access' }, { mergeWithLastSubmission: false });
  }
  const accountId = details.session!.accountId;
  const grant = details.grantId ? (await provider.Grant.find(details.grantId))! : new provider.Grant({ accountId, clientId });
  const missing = prompt.details.missingOIDCScope;
  if (Array.isArray(missing) && missing.length > 0) grant.addOIDCScope(missing.join(' '));
  const grantId = await grant.save();
  return provider.interactionFinished(request.raw, reply.raw, { consent: details.grantId ? {} : { grantId } }, { mergeWithLastSubmission: true });
}
