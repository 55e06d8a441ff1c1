import { sign, verifySigned } from './tokens.ts';
import { newId } from '../db/ids.ts';
import { LOGO_MAX_BYTES } from '../../shared/constants.ts';

// Logo uploads (OWASP file upload guidance): the dashboard asks for a single-use signed URL, PUTs
// the svg there, and saves the key. The signature binds key, organisation and expiry; the uploads
// row (bytes null until the PUT) makes the URL single use. Stored files are served back with a
// locked-down CSP, and anything outside the svg allow-list (svgSanitiser.ts) is refused on the way in.
export const UPLOAD_URL_VALID_MS = 10 * 60_000;
export const UNUSED_UPLOAD_TTL_MS = 24 * 3_600_000;
export const SVG_CONTENT_TYPE = 'image/svg+xml' as const;
export const LOGO_MAX = LOGO_MAX_BYTES;
/** The platform's logo, served by the engine under this key (user keys always start with upl_). */
export const DEFAULT_LOGO_KEY = 'default-logo.svg';
export const DEFAULT_LOGO_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">'
  + '<rect width="64" height="64" rx="14" fill="#1F6FEB"/><path d="M18 20h8v24h-8zM30 20h8l10 12-10 12h-8l10-12z" fill="#fff"/></svg>';

/** `<id>-<sanitised original name>.svg`; the name part is short so the signed URL stays short. */
export function uploadKey(fileName: string): string {
  const base = fileName.replace(/\.svg$/i, '').toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^[-._]+|[-._]+$/g, '').slice(0, 40);
  return `${newId('upl')}${base ? `-${base}` : ''}.svg`;
}

export const uploadUrl = (publicUrl: string, key: string) => `${publicUrl}/api/app.uploads/${encodeURIComponent(key)}`;

/** The catalog's app logos are served under app-<appId>.svg (user keys start with upl_). */
export const appLogoKey = (appId: string) => `app-${appId}.svg`;
export const appIdOfLogoKey = (key: string): string | undefined => /^app-(.+)\.svg$/.exec(key)?.[1];

/** The svg of a data: URI logo (base64 or percent-encoded); undefined for anything else. */
export function svgOfDataUri(uri: string): Buffer | undefined {
  const match = /^data:image\/svg\+xml(;base64)?,(.*)$/s.exec(uri);
  if (!match) return undefined;
  return match[1] ? Buffer.from(match[2]!, 'base64') : Buffer.from(decodeURIComponent(match[2]!));
}

export const uploadSignature = (key: string, orgId: string, expires: number, secret: string) => sign({ k: key, o: orgId, e: expires }, secret);

/** True when the signature was issued for this key, organisation and expiry. */
export function signatureMatches(signature: string, key: string, orgId: string, expires: number, secret: string): boolean {
  const payload = verifySigned<{ k?: unknown; o?: unknown; e?: unknown }>(signature, secret);
  return payload?.k === key && payload.o === orgId && payload.e === expires;
}

// The upload handler reaches the svg check through this module, next to the other upload rules.
export { svgProblem } from './svgSanitiser.ts';
