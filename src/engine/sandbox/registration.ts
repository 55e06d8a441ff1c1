import { createHash, hkdfSync } from 'node:crypto';
import { categoryLabels } from '../../generated/labels.ts';
import type { Category } from '../../shared/categories.ts';

/*
 * What the engine (the OAuth client, services/vendorOAuth.ts) and the sandbox provider (the vendors'
 * stand-in, sandbox/) agree on, as a client and a vendor agree on a registration: where the
 * sandbox is served, each OAuth app's client credentials and redirect URI, and the scopes each
 * category's apps grant.
 *
 * Every OAuth app of the catalog is a client of the sandbox OAuth server: client_id = the app's id,
 * client_secret derived from the engine's secret per app (HKDF-SHA256, never stored), the one
 * redirect URI PUBLIC_URL/oauth (the dashboard's callback screen).
 */

/** Everything the sandbox serves is under this prefix. */
export const SANDBOX_PREFIX = '/sandbox';
/** The OAuth server (issuer PUBLIC_URL + this path). */
export const SANDBOX_OAUTH_PATH = `${SANDBOX_PREFIX}/oauth`;
/** A sandbox vendor's API base: SANDBOX_PREFIX/apps/<appId>. */
export const sandboxAppBase = (appId: string): string => `${SANDBOX_PREFIX}/apps/${encodeURIComponent(appId)}`;

/** The dashboard's OAuth callback screen: where the sandbox sends the end customer back. */
export const oauthRedirectUri = (publicUrl: string): string => `${publicUrl.replace(/\/+$/, '')}/oauth`;

export const sandboxIssuer = (publicUrl: string): string => `${publicUrl.replace(/\/+$/, '')}${SANDBOX_OAUTH_PATH}`;

const CLIENT_SECRET_SALT = 'integration-dashboard/sandbox-oauth-clients';

/** The client secret of an app at the sandbox OAuth server. */
export function sandboxClientSecret(signingSecret: string, appId: string): string {
  return Buffer.from(hkdfSync('sha256', signingSecret, CLIENT_SECRET_SALT, `client-secret:${appId}`, 32)).toString('base64url');
}

export interface SandboxScope {
  name: string;
  /** What it grants, as the consent page says it. */
  description: string;
}

const READ_SCOPES: Partial<Record<Category, SandboxScope[]>> = {
  HRIS: [
    { name: 'employees.read', description: "Read your employees' records: names, work contacts, job titles, departments, managers, employment status and pay" },
  ],
  ATS: [
    { name: 'jobs.read', description: 'Read your job postings and their status' },
    { name: 'candidates.read', description: "Read your candidates' profiles and contact details" },
    { name: 'applications.read', description: 'Read applications and their interview stages' },
  ],
  CRM: [
    { name: 'contacts.read', description: 'Read your contacts and leads' },
    { name: 'accounts.read', description: 'Read the companies (accounts) you sell to' },
    { name: 'deals.read', description: 'Read your deals, their stages and amounts' },
  ],
  ACCOUNTING: [
    { name: 'ledger.read', description: 'Read your journal entries and chart of accounts' },
    { name: 'expenses.read', description: 'Read expenses and the employees who filed them' },
  ],
};

/** What a refresh token is for: the consent page names it. */
export const OFFLINE_ACCESS: SandboxScope = { name: 'offline_access', description: 'Keep this access when you are not signed in (until you revoke it)' };

/** The read scopes an app of the category grants, offline access left out. */
export function categoryScopes(category: Category): SandboxScope[] {
  const label = categoryLabels[category];
  return READ_SCOPES[category] ?? [{ name: `${category.toLowerCase()}.read`, description: `Read your ${label} data` }];
}

/** Every scope the sandbox OAuth server knows. */
export function allSandboxScopes(categories: readonly Category[]): string[] {
  return [...new Set([OFFLINE_ACCESS.name, ...categories.flatMap((c) => categoryScopes(c).map((s) => s.name))])];
}

/**
 * How an app that connects with setup fields (an API key, or a user and password, and a tenant or
 * subdomain) presents them to its sandbox vendor: `Authorization: Bearer <apiKey>`, else Basic
 * with the user and password, and `X-Tenant` with the tenant or subdomain.
 */
export function setupFieldHeaders(values: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {};
  if (values.apiKey) headers.authorization = `Bearer ${values.apiKey}`;
  else if (values.username || values.password) headers.authorization = `Basic ${Buffer.from(`${values.username ?? ''}:${values.password ?? ''}`).toString('base64')}`;
  const tenant = values.tenant ?? values.subdomain;
  if (tenant) headers['x-tenant'] = tenant;
  return headers;
}

/**
 * The sandbox connection of setup-field credentials: the same credentials of the same app are
 * always the same connection (and see the same data). Only a hash of them is ever kept.
 */
export function setupFieldConnectionId(appId: string, authorization: string, tenant: string | undefined): string {
  return `key_${createHash('sha256').update(`${appId}\n${authorization}\n${tenant ?? ''}`).digest('hex').slice(0, 32)}`;
}

/** An app without credentials tells its sandbox vendor which account calls (X-Account-Id). */
export const ACCOUNT_HEADER = 'x-account-id';
