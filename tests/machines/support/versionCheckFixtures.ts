import type { EventObject } from 'xstate';
import { versionCheckMachine } from '../../../src/dashboard/machines/versionCheck/index.ts';
import { type ActorEventFixtures, byLabel, type DelayEventFixtures, done, failed, type UserEventFixtures } from './fixtureTypes.ts';

export const CURRENT = '1.4.2';

/** The views' events, by event type. */
export const versionUserEvents = {
  'window.focus': { 'window.focus': { type: 'window.focus' } },
  'version.check': { 'version.check': { type: 'version.check' } },
  'location.change': {
    'location.change /signup': { type: 'location.change', pathname: '/signup' },
    'location.change /dashboard/home': { type: 'location.change', pathname: '/dashboard/home' },
  },
} as const satisfies UserEventFixtures<typeof versionCheckMachine>;

/** Every answer of the two actors, by actor. */
export const versionActorEvents = {
  getUiVersion: {
    'server same': done('getUiVersion', CURRENT),
    'server major': done('getUiVersion', '2.0.0'),
    'server minor': done('getUiVersion', '1.5.0'),
    'server patch': done('getUiVersion', '1.4.3'),
    'server unreadable': done('getUiVersion', 'latest'),
    'getUiVersion failed': failed('getUiVersion', new Error('offline')),
  },
  logout: {
    'logout ok': done('logout', undefined),
    'logout failed': failed('logout', new Error('offline')),
  },
} as const satisfies ActorEventFixtures<typeof versionCheckMachine>;

/** The timers, by delay. */
export const versionDelayEvents = {
  checkInterval: { 'check interval': { type: 'xstate.after.checkInterval.versionCheck.idle' } },
  reloadDelay: {
    'notice delay': { type: 'xstate.after.reloadDelay.versionCheck.outdated.announcing' },
    'reload delay': { type: 'xstate.after.reloadDelay.versionCheck.outdated.reloading' },
  },
} as const satisfies DelayEventFixtures<typeof versionCheckMachine>;

export const versionEventFixtures: Record<string, EventObject> = byLabel(versionUserEvents, versionActorEvents, versionDelayEvents);
