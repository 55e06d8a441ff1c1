import type { VersionDifference } from './types.ts';

const parse = (version: string | null | undefined): [number, number, number] | null => {
  const match = /^\s*v?(\d+)\.(\d+)\.(\d+)/.exec(version ?? '');
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
};

/** How two major.minor.patch versions differ; 'unknown' when either cannot be read. */
export function versionDifference(current: string | null | undefined, server: string | null | undefined): VersionDifference {
  const a = parse(current);
  const b = parse(server);
  if (!a || !b) return 'unknown';
  if (a[0] !== b[0]) return 'major';
  if (a[1] !== b[1]) return 'minor';
  if (a[2] !== b[2]) return 'patch';
  return 'none';
}

/** Public pages (sign-up, auth screens, 404, /fcm) are everything outside /dashboard. */
export const isDashboardPath = (pathname: string): boolean => pathname === '/dashboard' || pathname.startsWith('/dashboard/');
