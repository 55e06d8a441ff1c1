import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { errors, type Adapter, type AdapterPayload } from 'oidc-provider';
import type { Database } from '../db/schema.ts';
import {
  consumeOauthRecord, deleteExpiredOauthRecords, deleteOauthRecord, deleteOauthRecordsOfGrant, findOauthRecord, findOauthRecordBy, upsertOauthRecord,
  type OauthRecord,
} from '../repositories/sandboxOauthRecords.ts';

/*
 * oidc-provider's storage adapter on the engine's database (sandbox_oauth_records), so the sandbox
 * OAuth server survives restarts and several engine processes share it. Ids of codes, tokens,
 * sessions and interactions are bearer secrets: only their sha-256 is stored, and the payload is
 * stored without its copy of the id (jti), which find puts back. Grant ids are kept in clear in
 * grant_id (they authorise nothing by themselves) so a grant's tokens can be revoked together.
 *
 * consume is one conditional update: of two exchanges of one authorization code (or two uses of
 * one refresh token) at the same moment, the second is refused with invalid_grant, not answered
 * with a second set of tokens.
 */
const hashId = (id: string) => createHash('sha256').update(id).digest('hex');

/** About one in this many writes also deletes expired records. */
const CLEANUP_EVERY = 200;

export function sandboxOauthStore(db: Kysely<Database>): (model: string) => Adapter {
  return (model) => new SandboxOauthStore(db, model);
}

class SandboxOauthStore implements Adapter {
  constructor(private readonly db: Kysely<Database>, private readonly model: string) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const now = Date.now();
    const { jti: _jti, ...stored } = payload;
    await upsertOauthRecord(this.db, this.model, hashId(id), {
      payloadJson: JSON.stringify(stored),
      grantId: this.model === 'Grant' ? id : (payload.grantId ?? null),
      uid: payload.uid ?? null,
      userCode: payload.userCode ?? null,
      accountId: payload.accountId ?? null,
      expiresAt: typeof expiresIn === 'number' ? now + expiresIn * 1000 : null,
    });
    if (Math.floor(Math.random() * CLEANUP_EVERY) === 0) await deleteExpiredOauthRecords(this.db, now);
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    return payloadOf(await findOauthRecord(this.db, this.model, hashId(id)), id);
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findBy('uid', uid);
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findBy('user_code', userCode);
  }

  async consume(id: string): Promise<void> {
    const consumed = await consumeOauthRecord(this.db, this.model, hashId(id), Date.now());
    if (!consumed) throw new errors.InvalidGrant('grant already consumed');
  }

  async destroy(id: string): Promise<void> {
    await deleteOauthRecord(this.db, this.model, hashId(id));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await deleteOauthRecordsOfGrant(this.db, this.model, grantId);
  }

  /**
   * A session found by its uid (to check who it belongs to) comes without its id: the id is the
   * session cookie's value, which is not stored.
   */
  private async findBy(column: 'uid' | 'user_code', value: string): Promise<AdapterPayload | undefined> {
    return payloadOf(await findOauthRecordBy(this.db, this.model, column, value), undefined);
  }
}

function payloadOf(record: OauthRecord | undefined, id: string | undefined): AdapterPayload | undefined {
  if (!record) return undefined;
  const payload = JSON.parse(record.payloadJson) as AdapterPayload;
  if (id !== undefined) payload.jti = id;
  if (record.consumedAt !== null) payload.consumed = Math.floor(record.consumedAt / 1000);
  return payload;
}
