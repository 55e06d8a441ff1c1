export interface VersionCheckInput {
  /** This build's version (DASHBOARD_VERSION). */
  currentVersion: string;
  /** The current location's path: a major/minor mismatch logs out on dashboard pages only. */
  pathname: string;
}

export type VersionCheckEvent =
  | { type: 'window.focus' }
  | { type: 'version.check' }
  | { type: 'location.change'; pathname: string };

export interface VersionCheckContext {
  currentVersion: string;
  serverVersion: string | null;
  pathname: string;
  /** 'Dashboard is currently on older version, Please wait...' while a reload is coming. */
  message: string | null;
}

export type VersionDifference = 'major' | 'minor' | 'patch' | 'none' | 'unknown';
