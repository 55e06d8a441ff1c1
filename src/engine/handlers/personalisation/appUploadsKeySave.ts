import { defineHandler } from '../types.ts';
import { badRequest, forbidden } from '../../errors.ts';
import { claimUploadSlot, findUploadSlot } from '../../repositories/uploads.ts';
import { LOGO_MAX, SVG_CONTENT_TYPE, signatureMatches, svgProblem, uploadUrl } from '../../services/uploads.ts';

const DENIED = 'This upload link is invalid, expired or already used';

// The signed URL is the credential. Its row is claimed with a conditional update (uploaded_at still
// null), so a URL stores one file even under concurrent PUTs; refused content does not use it up.
export const appUploadsKeySave = defineHandler('appUploadsKeySave', async ({ query, params }, { db, config, clock, request }) => {
  const now = clock.now();
  const { expires, signature } = query;
  const upload = await findUploadSlot(db, params.key);
  if (!upload || expires === undefined || !signature || upload.uploaded_at !== null || now >= expires * 1000 || now >= upload.expires_at
    || !signatureMatches(signature, params.key, upload.org_id, expires, config.signingSecret)) {
    throw forbidden(DENIED);
  }
  const contentType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  const bytes = Buffer.isBuffer(request.body) ? request.body : undefined;
  if (contentType !== SVG_CONTENT_TYPE || !bytes || bytes.length === 0) throw badRequest('Invalid file type', 'file');
  if (bytes.length > LOGO_MAX) throw badRequest('File size is greater than 200KB', 'file');
  const problem = svgProblem(bytes);
  if (problem === 'type') throw badRequest('Invalid file type', 'file');
  if (problem === 'unsafe') throw badRequest('Invalid svg!', 'file');

  if (!(await claimUploadSlot(db, upload.key, bytes, now))) throw forbidden(DENIED);
  return { key: upload.key, url: uploadUrl(config.publicUrl, upload.key), size: bytes.length, contentType: SVG_CONTENT_TYPE };
});
