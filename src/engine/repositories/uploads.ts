import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

// Files PUT to a signed URL (the personalisation logo). A row is created when the URL is signed
// (no bytes yet) and holds the file once the PUT passed the checks; uploaded_at says which.
type Db = Kysely<Database> | Transaction<Database>;

interface PendingUpload {
  key: string;
  orgId: string;
  contentType: string;
  createdAt: number;
  expiresAt: number;
}

/** Records a signed URL's upload before its PUT: no bytes, not uploaded. */
export async function insertPendingUpload(db: Db, upload: PendingUpload): Promise<void> {
  await db.insertInto('uploads').values({
    key: upload.key, org_id: upload.orgId, content_type: upload.contentType, bytes: null, size_bytes: null,
    created_at: upload.createdAt, expires_at: upload.expiresAt, uploaded_at: null,
  }).execute();
}

/** Deletes the organisation's uploads created before `createdBefore` that are not its current logo. */
export async function deleteUnusedUploads(db: Db, orgId: string, createdBefore: number): Promise<void> {
  const inUse = db.selectFrom('ui_customisation').select('logo_upload_key').where('org_id', '=', orgId).where('logo_upload_key', 'is not', null);
  await db.deleteFrom('uploads').where('org_id', '=', orgId).where('created_at', '<', createdBefore)
    .where('key', 'not in', inUse as never).execute();
}

/** Whether the organisation has a finished upload under this key (one that passed the PUT's checks). */
export async function hasFinishedUpload(db: Db, orgId: string, key: string): Promise<boolean> {
  const upload = await db.selectFrom('uploads').select('key')
    .where('key', '=', key).where('org_id', '=', orgId).where('uploaded_at', 'is not', null).executeTakeFirst();
  return upload !== undefined;
}

/** The bytes of a finished upload; undefined for an unknown key or one still waiting for its PUT. */
export async function uploadedBytes(db: Db, key: string): Promise<Buffer | undefined> {
  const upload = await db.selectFrom('uploads').select(['bytes']).where('key', '=', key).where('uploaded_at', 'is not', null).executeTakeFirst();
  return upload?.bytes ?? undefined;
}

/** What a PUT to a signed URL is checked against. */
export async function findUploadSlot(db: Db, key: string) {
  return db.selectFrom('uploads').select(['key', 'org_id', 'expires_at', 'uploaded_at']).where('key', '=', key).executeTakeFirst();
}

/**
 * Stores the file of a signed URL, only while the URL is unused: one conditional statement, so of
 * concurrent PUTs to one URL exactly one stores its file. false when another PUT stored first.
 */
export async function claimUploadSlot(db: Db, key: string, bytes: Buffer, now: number): Promise<boolean> {
  const stored = await db.updateTable('uploads').set({ bytes, size_bytes: bytes.length, uploaded_at: now })
    .where('key', '=', key).where('uploaded_at', 'is', null).executeTakeFirst();
  return Number(stored.numUpdatedRows) === 1;
}
