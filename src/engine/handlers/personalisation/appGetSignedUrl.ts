import { defineSessionHandler } from '../types.ts';
import { deleteUnusedUploads, insertPendingUpload } from '../../repositories/uploads.ts';
import {
  LOGO_MAX, SVG_CONTENT_TYPE, UNUSED_UPLOAD_TTL_MS, UPLOAD_URL_VALID_MS, uploadKey, uploadSignature, uploadUrl,
} from '../../services/uploads.ts';

// The schema checks the name (.svg: 'Invalid file type') and the announced size ('File size is
// greater than 200KB'); the PUT checks the real bytes again. Issuing a URL also clears the
// organisation's uploads that were never used as the logo within 24 h.
export const appGetSignedUrl = defineSessionHandler('appGetSignedUrl', async ({ query }, { db, config, clock, caller }) => {
  const now = clock.now();
  await deleteUnusedUploads(db, caller.orgId, now - UNUSED_UPLOAD_TTL_MS);

  const key = uploadKey(query.fileName);
  const expiresAt = Math.floor((now + UPLOAD_URL_VALID_MS) / 1000);
  await insertPendingUpload(db, { key, orgId: caller.orgId, contentType: SVG_CONTENT_TYPE, createdAt: now, expiresAt: expiresAt * 1000 });
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
