export { versionCheckMachine, VERSION_CHECK_INTERVAL_MS, VERSION_MISMATCH_MESSAGE, VERSION_RELOAD_DELAY_MS } from './versionCheckMachine.ts';
export { createVersionCheckActors, type VersionCheckActorDeps } from './versionCheckActors.ts';
export { isDashboardPath, versionDifference } from './compareVersions.ts';
export { DASHBOARD_VERSION } from './version.ts';
export { selectIsLoggingOut, selectIsOutdated, selectServerVersion, selectVersionMessage, type VersionCheckSnapshot } from './selectors.ts';
export type { VersionCheckInput } from './types.ts';
