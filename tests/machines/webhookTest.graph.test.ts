import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventObject } from 'xstate';
import { getAdjacencyMap, TestModel } from 'xstate/graph';
import { URL_DEBOUNCE_MS, webhookTestMachine, webhookUrlOf, type WebhookTestInput, type WebhookTestSnapshot } from '../../src/dashboard/machines/webhookTest/index.ts';
import { activeIds, checkPathsFile, coveredTransitionKeys, describePath, loopClosingPaths, pathTransitionKeys, replayPath, stateNodeIds, transitionKeys } from './support/graphTools.ts';
import { HOOK_URL, webhookEventFixtures, webhookUserEvents } from './support/webhookTestFixtures.ts';

// Graph level: every state and transition of the webhook-test machine is reached with the fixture
// events, and every simple path replays on a real actor with injected actors and fake timers.

export const webhookTestInputs = {
  new: { category: 'ATS', initialUrl: null },
  saved: { category: 'ATS', initialUrl: HOOK_URL },
} as const satisfies Record<string, WebhookTestInput>;

const allEvents = Object.values(webhookEventFixtures);
const fixture = (label: string) => webhookEventFixtures[label]!;
/**
 * The paths walk one of each kind of answer and edit; the adjacency maps above cover every fixture
 * in every state. Left out of the paths: the tab and tag choices (they only move the selection,
 * which a tested event moves on by itself), a refused URL (the same transition as a failed test
 * call, with another message) and typing before the tabs are in (no guard reads it until then).
 * Before the webhook is live the field is typed in or emptied (Test on an empty field); once live
 * it is edited to another URL or back to the live one.
 */
const pathEvents = allEvents.filter((e) => !['tab.select', 'event.select'].includes(e.type) && e !== fixture('test refused'));
const pathFilter = (snapshot: WebhookTestSnapshot, event: EventObject) => {
  if (event.type !== 'url.change') return true;
  if (snapshot.matches('loadingEvents') || snapshot.matches('eventsFailed')) return false;
  return snapshot.hasTag('live') ? event !== fixture('url.change blank') : event !== fixture('url.change other');
};

/**
 * What the guards read (the state, whether the field holds a URL and whether it is the live one,
 * whether all events are tested) and whether the modal shows a failure: a failure on screen is a
 * state of its own for the user, so failed answers get paths of their own.
 */
const serializeState = (snapshot: WebhookTestSnapshot) => {
  const { draft, liveUrl, progress, urlError, eventError, saveError, loadError } = snapshot.context;
  const url = webhookUrlOf(draft);
  const showsFailure = [urlError, eventError, saveError, loadError].some((message) => message !== null);
  return JSON.stringify([snapshot.value, url !== '', url === liveUrl, progress?.allTested === true, showsFailure]);
};

const traversal = (input: WebhookTestInput, events: readonly EventObject[], filterEvents?: typeof pathFilter) => ({ events, serializeState, input, filterEvents }) as never;

describe('webhookTest machine graph', () => {
  const maps = Object.values(webhookTestInputs).map((input) => getAdjacencyMap(webhookTestMachine, traversal(input, allEvents)));
  const reached = maps.flatMap((map) => Object.values(map).map((entry) => entry.state as WebhookTestSnapshot));

  it('reaches every state node', () => {
    const ids = new Set(reached.flatMap((snapshot) => activeIds(webhookTestMachine, snapshot)));
    expect(stateNodeIds(webhookTestMachine).filter((id) => !ids.has(id))).toEqual([]);
  });

  it('takes every transition (each guarded candidate) somewhere in the adjacency map', () => {
    const covered = new Set(maps.flatMap((map) => [...coveredTransitionKeys(webhookTestMachine, map)]));
    expect(transitionKeys(webhookTestMachine).filter((key) => !covered.has(key))).toEqual([]);
  });

  it('has a fixture for every event type the machine handles', () => {
    const handled = new Set(transitionKeys(webhookTestMachine).map((key) => key.split('--')[1].split('#')[0]));
    const fixtureTypes = new Set(allEvents.map((e) => e.type));
    expect([...handled].filter((type) => !fixtureTypes.has(type))).toEqual([]);
    expect(Object.keys(webhookUserEvents).length).toBeGreaterThan(0);
  });

  it('ends saved only with the live URL, after every event was tested', () => {
    const saved = reached.filter((snapshot) => snapshot.status === 'done');
    expect(saved.length).toBeGreaterThan(0);
    for (const snapshot of saved) {
      expect(snapshot.output).toEqual({ url: HOOK_URL });
      expect(snapshot.context.progress?.allTested).toBe(true);
    }
  });

  it("is live only with the URL a test answered 200 for, and with the engine's progress for it", () => {
    const live = reached.filter((snapshot) => snapshot.hasTag('live'));
    expect(live.length).toBeGreaterThan(0);
    for (const snapshot of live) {
      expect(snapshot.context.liveUrl).toMatch(/^https?:\/\/\S+$/);
      expect(snapshot.context.progress).not.toBeNull();
    }
    for (const snapshot of reached.filter((s) => !s.hasTag('live') && s.status !== 'done')) expect(snapshot.context).toMatchObject({ liveUrl: '', progress: null });
  });
});

/**
 * Every simple path of each input, and after them the loop-closing paths (a retry, the debounce
 * back to the live URL or away from it, a new Test while editing), with the descriptions the
 * committed list has.
 */
export const webhookTestPaths = (Object.keys(webhookTestInputs) as (keyof typeof webhookTestInputs)[]).flatMap((start) => {
  const pathTraversal = traversal(webhookTestInputs[start], pathEvents, pathFilter);
  const simple = new TestModel(webhookTestMachine, pathTraversal).getSimplePaths({ allowDuplicatePaths: true } as never);
  const loops = loopClosingPaths(webhookTestMachine, pathTraversal, simple);
  return [
    ...simple.map((path) => ({ start, path, description: describePath(`[${start}]`, webhookEventFixtures, path) })),
    ...loops.map((path) => ({ start, path, description: describePath(`[${start} loop]`, webhookEventFixtures, path) })),
  ];
});

describe('webhookTest machine paths', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('matches the committed list of paths (tests/machines/__paths__/webhookTest.txt)', () => {
    const { expected, actual } = checkPathsFile(join(import.meta.dirname, '__paths__', 'webhookTest.txt'), webhookTestPaths.map((p) => p.description).sort());
    expect(actual).toBe(expected);
  });

  it("replays every transition the paths' events can take", () => {
    const taken = pathTransitionKeys(webhookTestMachine, webhookTestPaths.map((p) => p.path));
    // Left to the adjacency maps and the actor tests: the tab and tag choices, typing before the
    // tabs are in, and Test on a field emptied while live (the message Test gives an empty field
    // before it is live; walking an empty field through the live states triples the paths).
    const leftOut = [
      'webhookTest --event.select#0',
      'webhookTest --tab.select#0',
      'webhookTest.eventsFailed --url.change#0',
      'webhookTest.live.editing --webhook.test#1',
      'webhookTest.loadingEvents --url.change#0',
    ];
    expect(transitionKeys(webhookTestMachine).filter((key) => !taken.has(key))).toEqual(leftOut);
  });

  it.each(webhookTestPaths.map((p) => [p.description, p] as const))('%s', async (_, { start, path }) => {
    const notices: unknown[] = [];
    const { snapshot } = await replayPath(path, {
      machine: webhookTestMachine,
      input: webhookTestInputs[start],
      actorNames: ['getWebhookEvents', 'sendTestWebhook', 'sendTestEvent', 'saveWebhook'],
      delays: { urlDebounce: URL_DEBOUNCE_MS },
      actions: { notify: () => void notices.push(true) },
    });
    expect(snapshot.value).toEqual(path.state.value);
    // Saved ends with a notice ('{category} webhook updated successfully'), after the live one.
    if (snapshot.status === 'done') expect(notices.length).toBe(2);
  });
});
