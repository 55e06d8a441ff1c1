import type { Kysely, Transaction } from 'kysely';
import type { Database, NewRow } from '../db/schema.ts';
import { newId } from '../db/ids.ts';
import { hashToken, randomToken } from '../services/tokens.ts';

// Magic links and reintegration links are auth sessions the dashboard creates. The token is random
// and stored hashed; the link (carrying the token in its state) is shown once, at creation.
type Db = Kysely<Database> | Transaction<Database>;

/** How long a link stays usable. */
export const MAGIC_LINK_TTL_MS = 7 * 86_400_000;

export type LinkSession = Omit<NewRow<'auth_sessions'>, 'id' | 'token_hash' | 'created_at' | 'expires_at'>;

export interface CreatedLink {
  link: string;
  integrationId: string;
  authSessionId: string;
}

/**
 * The link opens the dashboard's /magic/authorize screen, whose state is base64url JSON of
 * { authSessionToken, sandbox } (plus reintegrate for a reintegration link).
 */
export function magicLinkUrl(publicUrl: string, state: { authSessionToken: string; sandbox: boolean; reintegrate?: boolean }): string {
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
