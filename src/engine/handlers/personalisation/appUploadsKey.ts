import { defineHandler } from '../types.ts';
import { notFound } from '../../errors.ts';
import { appIdOfLogoKey, DEFAULT_LOGO_KEY, DEFAULT_LOGO_SVG, SVG_CONTENT_TYPE, svgOfDataUri } from '../../services/uploads.ts';
import { catalogLabels } from '../../repositories/integratedAccounts.ts';
import { uploadedBytes } from '../../repositories/uploads.ts';

// Stored logos are user content: served as an image with a CSP that forbids scripts (they were
// screened on upload; this holds if a browser opens the file directly) and without type sniffing.
// The catalog's app logos (data: URIs in the catalog) are served the same way under app-<appId>.svg,
// so the account lists send a link instead of the image on every row.
export const appUploadsKey = defineHandler('appUploadsKey', async ({ params }, { db, reply }) => {
  let bytes: Buffer | undefined;
  const appId = appIdOfLogoKey(params.key);
  if (params.key === DEFAULT_LOGO_KEY) {
    bytes = Buffer.from(DEFAULT_LOGO_SVG);
  } else if (appId !== undefined) {
    const logo = (await catalogLabels(db)).appLogos.get(appId);
    bytes = logo ? svgOfDataUri(logo) : undefined;
  } else {
    bytes = await uploadedBytes(db, params.key);
  }
  if (!bytes) throw notFound('No such file');
  await reply
    .header('content-type', SVG_CONTENT_TYPE)
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'public, max-age=86400')
    .send(Buffer.from(bytes));
  return undefined as never;
});
