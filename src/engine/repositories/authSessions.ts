import type { Kysely, Transaction } from 'kysely';
import type { Database, NewRow, Row } from '../db/schema.ts';
import { conflict, notFound } from '../errors.ts';
import { newId } from '../db/ids.ts';
import { hashToken, randomToken } from '../services/tokens.ts';
import { DAY_MS } from '../../shared/timeWindows.ts';

// Magic links and reintegration links are auth sessions the dashboard creates. The token is random
// and stored hashed; the link (carrying the token in its state) is shown once, at creation.
type Db = Kysely<Database> | Transaction<Database>;

/** How long a link stays usable. */
const MAGIC_LINK_TTL_MS = 7 * DAY_MS;

type LinkSession = Omit<NewRow<'auth_sessions'>, 'id' | 'token_hash' | 'created_at' | 'expires_at'>;

export interface CreatedLink {
  link: string;
  integrationId: string;
  authSessionId: string;
}

/**
 * The link opens the dashboard's /magic/authorize screen, whose state is base64url JSON of
 * { authSessionToken, sandbox } (plus reintegrate for a reintegration link).
 */
function magicLinkUrl(publicUrl: string, state: { authSessionToken: string; sandbox: boolean; reintegrate?: boolean }): string {
  const encoded = Buffer.from(JSON.stringify(state), 'utf8').toString('base64url');
  return `${publicUrl.replace(/\/+$/, '')}/magic/authorize?state=${encoded}`;
}

export async function createLinkSession(db: Db, publicUrl: string, values: LinkSession & { integration_id: string }, now: number): Promise<CreatedLink> {
  const token = randomToken(32);
  const id = newId('aus');
  await db.insertInto('auth_sessions').values({
    ...values,
    id,
    token_hash: hashToken(token),
    created_at: now,
    expires_at: now + MAGIC_LINK_TTL_MS,
  }).execute();
  const link = magicLinkUrl(publicUrl, {
    authSessionToken: token,
    sandbox: values.sandbox === 1,
    ...(values.kind === 'reintegrate' ? { reintegrate: true } : {}),
  });
  return { link, integrationId: values.integration_id, authSessionId: id };
}

/** How long an auth session opened for the knit-auth component (kind 'session') stays usable. */
const TOKEN_SESSION_TTL_MS = 30 * 60_000;

type TokenSession = Omit<NewRow<'auth_sessions'>, 'id' | 'token_hash' | 'kind' | 'created_at' | 'expires_at'>;

/**
 * An auth session handed to the knit-auth component as a token (`as_...`); only its hash is
 * stored, so the token is in this answer only. expiresAt is unix ms.
 */
export async function createTokenSession(db: Db, values: TokenSession, now: number): Promise<{ token: string; expiresAt: number }> {
  const token = `as_${randomToken(32)}`;
  const expiresAt = now + TOKEN_SESSION_TTL_MS;
  await db.insertInto('auth_sessions').values({
    ...values,
    id: newId('aus'),
    token_hash: hashToken(token),
    kind: 'session',
    created_at: now,
    expires_at: expiresAt,
  }).execute();
  return { token, expiresAt };
}

const LINK_INVALID = 'This link is invalid or has expired';
const LINK_USED = 'This link has already been used';

/**
 * The session of a token as the connect calls see it: unknown or expired answers 404, used 409.
 * Expiry is checked against the clock, so a link is dead the moment it expires whatever `state` says;
 * a session opened with an API key is dead once that key is rotated.
 */
export async function usableSession(db: Db, token: string, now: number): Promise<Row<'auth_sessions'>> {
  const found = await db.selectFrom('auth_sessions')
    .leftJoin('api_keys', 'api_keys.id', 'auth_sessions.api_key_id')
    .selectAll('auth_sessions').select('api_keys.revoked_at as key_revoked_at')
    .where('auth_sessions.token_hash', '=', hashToken(token)).executeTakeFirst();
  if (!found) throw notFound(LINK_INVALID);
  const { key_revoked_at: keyRevokedAt, ...row } = found;
  // A session opened with an API key lives no longer than that key: rotating it ends the session.
  if (row.state === 'expired' || row.expires_at <= now || keyRevokedAt !== null) throw notFound(LINK_INVALID);
  if (row.state === 'used' || row.used_at !== null) throw conflict(LINK_USED);
  return row;
}

/**
 * Marks the session used, only if it still is active: the first statement of the completing
 * transaction, so of two completes at once the second finds nothing to claim (and its transaction
 * holds no half-written account).
 */
export async function claimSession(trx: Db, sessionId: string, now: number): Promise<void> {
  const result = await trx.updateTable('auth_sessions').set({ state: 'used', used_at: now })
    .where('id', '=', sessionId).where('state', '=', 'active').where('used_at', 'is', null).executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw conflict(LINK_USED);
}

/** Whether the organisation opened an auth session for the knit-auth component (kind 'session') since `since`. */
export async function hasTokenSessionSince(db: Db, orgId: string, since: number): Promise<boolean> {
  const row = await db.selectFrom('auth_sessions').select('id').where('org_id', '=', orgId).where('kind', '=', 'session')
    .where('created_at', '>=', since).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Whether the organisation generated a magic link offering the category since `since`. */
export async function hasMagicLinkForCategorySince(db: Db, orgId: string, category: string, since: number): Promise<boolean> {
  // A link for no particular category ('[]') offers every category, this one included.
  const row = await db.selectFrom('auth_sessions').select('id').where('org_id', '=', orgId).where('kind', '=', 'magic_link')
    .where('created_at', '>=', since)
    .where((eb) => eb.or([eb('categories_json', 'like', `%"${category}"%`), eb('categories_json', '=', '[]')]))
    .limit(1).executeTakeFirst();
  return row !== undefined;
}
