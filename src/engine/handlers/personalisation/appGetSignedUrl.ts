import { defineHandler } from '../types.ts';
import { forbidden } from '../../errors.ts';
import {
  LOGO_MAX, SVG_CONTENT_TYPE, UNUSED_UPLOAD_TTL_MS, UPLOAD_URL_VALID_MS, uploadKey, uploadSignature, uploadUrl,
} from '../../services/uploads.ts';

// The schema checks the name (.svg: 'Invalid file type') and the announced size ('File size is
// greater than 200KB'); the PUT checks the real bytes again. Issuing a URL also clears the
// organisation's uploads that were never used as the logo within 24 h.
export const appGetSignedUrl = defineHandler('appGetSignedUrl', async ({ query }, { db, config, clock, caller }) => {
  if (caller.kind !== 'session') throw forbidden();
  const now = clock.now();
  const inUse = db.selectFrom('ui_customisation').select('logo_upload_key').where('org_id', '=', caller.orgId).where('logo_upload_key', 'is not', null);
  await db.deleteFrom('uploads').where('org_id', '=', caller.orgId).where('created_at', '<', now - UNUSED_UPLOAD_TTL_MS)
    .where('key', 'not in', inUse as never).execute();

  const key = uploadKey(query.fileName);
  const expiresAt = Math.floor((now + UPLOAD_URL_VALID_MS) / 1000);
  await db.insertInto('uploads').values({
    key, org_id: caller.orgId, content_type: SVG_CONTENT_TYPE, bytes: null, size_bytes: null, created_at: now, expires_at: expiresAt * 1000, uploaded_at: null,
  }).execute();
  const signature = uploadSignature(key, caller.orgId, expiresAt, config.signingSecret);
  return {
    signedUrl: `${uploadUrl(config.publicUrl, key)}?expires=${expiresAt}&signature=${encodeURIComponent(signature)}`,
    method: 'PUT' as const,
    key,
    contentType: SVG_CONTENT_TYPE,
    maxBytes: LOGO_MAX as 204800,
    expiresAt,
  };
});
