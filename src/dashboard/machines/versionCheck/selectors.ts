import type { SnapshotFrom } from 'xstate';
import type { VersionCheckMachine } from './versionCheckMachine.ts';

export type VersionCheckSnapshot = SnapshotFrom<VersionCheckMachine>;

/** The message to show (a blocking notice) while an outdated dashboard reloads; null otherwise. */
export const selectVersionMessage = (snapshot: VersionCheckSnapshot): string | null => snapshot.context.message;
export const selectIsOutdated = (snapshot: VersionCheckSnapshot): boolean => snapshot.matches('outdated') || snapshot.matches('reloaded');
export const selectIsLoggingOut = (snapshot: VersionCheckSnapshot): boolean => snapshot.matches({ outdated: 'loggingOut' });
export const selectServerVersion = (snapshot: VersionCheckSnapshot): string | null => snapshot.context.serverVersion;
