import type { EventObject } from 'xstate';
import type { VersionCheckEvent } from '../../../src/dashboard/machines/versionCheck/index.ts';

export const CURRENT = '1.4.2';

const done = (id: string, output: unknown): EventObject => ({ type: `xstate.done.actor.${id}`, output }) as EventObject;
const failed = (id: string, error: unknown): EventObject => ({ type: `xstate.error.actor.${id}`, error }) as EventObject;

export const versionUserEvents = {
  'window.focus': { type: 'window.focus' },
  'version.check': { type: 'version.check' },
  'location.change /signup': { type: 'location.change', pathname: '/signup' },
  'location.change /dashboard/home': { type: 'location.change', pathname: '/dashboard/home' },
} as const satisfies Record<string, VersionCheckEvent>;

export const versionSystemEvents = {
  'server same': done('getUiVersion', CURRENT),
  'server major': done('getUiVersion', '2.0.0'),
  'server minor': done('getUiVersion', '1.5.0'),
  'server patch': done('getUiVersion', '1.4.3'),
  'server unreadable': done('getUiVersion', 'latest'),
  'getUiVersion failed': failed('getUiVersion', new Error('offline')),
  'logout ok': done('logout', undefined),
  'logout failed': failed('logout', new Error('offline')),
  'check interval': { type: 'xstate.after.checkInterval.versionCheck.idle' },
  'reload delay': { type: 'xstate.after.reloadDelay.versionCheck.outdated.reloading' },
} as const satisfies Record<string, EventObject>;

export const versionEventFixtures: Record<string, EventObject> = { ...versionUserEvents, ...versionSystemEvents };
