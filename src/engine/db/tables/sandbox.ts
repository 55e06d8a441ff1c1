import type { EpochMs, IntWithDefault } from './types.ts';

/**
 * The sandbox OAuth server's storage (oidc-provider's adapter; migration 20261130110000): one row
 * per model and id. The id (a code, token or session id: bearer secrets) is stored as its sha-256
 * only. Times are the vendor's wall clock.
 */
export interface SandboxOauthRecordsTable {
  model: string;
  id_hash: string;
  /** The model's payload without its id (jti). */
  payload_json: string;
  grant_id: string | null;
  uid: string | null;
  user_code: string | null;
  account_id: string | null;
  expires_at: EpochMs | null;
  consumed_at: EpochMs | null;
}

/** What the sandbox's control surface set for one connection (migration 20261130110000). */
export interface SandboxConnectionsTable {
  id: string;
  app_id: string;
  revoked_at: EpochMs | null;
  /** The next this many API calls answer fail_status. */
  fail_remaining: IntWithDefault;
  fail_status: number | null;
  created_at: EpochMs;
  updated_at: EpochMs;
}
