import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { isLegacySealed, openSecret, sealSecret } from './secrets.ts';
import { accountsWithCredentialsSealedIn, replaceAccountCredentials } from '../repositories/accountTokens.ts';

// An integrated account's credentials (the app's setup values the end customer typed) as stored
// in integrated_accounts.auth_data_json: `{ appId, sealed }`, the values sealed for their own
// purpose under the engine's secret, never in clear text.
const PURPOSE = 'end-customer-credentials';

interface AuthData {
  appId: string;
  sealed: string;
}

const parse = (authDataJson: string | null): AuthData | undefined => {
  if (!authDataJson) return undefined;
  try {
    const data = JSON.parse(authDataJson) as Partial<AuthData>;
    return typeof data.sealed === 'string' && typeof data.appId === 'string' ? { appId: data.appId, sealed: data.sealed } : undefined;
  } catch {
    return undefined;
  }
};

export const sealCredentials = (appId: string, values: Record<string, string>, secret: string): string =>
  JSON.stringify({ appId, sealed: sealSecret(JSON.stringify(values), secret, PURPOSE) });

/** The setup values, or undefined when there are none or they do not open under this secret. */
export function openCredentials(authDataJson: string | null, secret: string): Record<string, string> | undefined {
  const data = parse(authDataJson);
  const plain = data && openSecret(data.sealed, secret, PURPOSE);
  return plain === undefined ? undefined : (JSON.parse(plain) as Record<string, string>);
}

const BATCH = 500;

/**
 * Seals credentials stored in the old format (v1, keyed by the engine's secret directly) again in
 * the current one. Runs at engine start, since nothing else rewrites an account's credentials
 * until it reconnects. Values that do not open under this secret are left alone. Each row is
 * replaced only if it still holds what was read, so a reconnect at the same moment wins.
 */
export async function resealLegacyCredentials(db: Kysely<Database>, secret: string): Promise<number> {
  let resealed = 0;
  let after = '';
  for (;;) {
    const rows = await accountsWithCredentialsSealedIn(db, 'v1', after, BATCH);
    for (const row of rows) {
      const data = parse(row.auth_data_json);
      const values = data && isLegacySealed(data.sealed) ? openCredentials(row.auth_data_json, secret) : undefined;
      if (!data || !values || row.auth_data_json === null) continue;
      if (await replaceAccountCredentials(db, row.id, row.auth_data_json, sealCredentials(data.appId, values, secret))) resealed += 1;
    }
    if (rows.length < BATCH) return resealed;
    after = rows[rows.length - 1].id;
  }
}
