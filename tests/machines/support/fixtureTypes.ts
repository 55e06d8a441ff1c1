import type { DoneActorEvent, ErrorActorEvent, EventFrom, EventObject, OutputFrom, ProvidedActor, StateMachine } from 'xstate';

// The event fixtures of a machine's graph tests, grouped by what sends them: the machine's own
// events by event type, actor answers by actor, timers by delay. Each grouping is a mapped type
// over the machine's declared events, actors and delays, so a new event type, actor or delay
// without a fixture is a missing property, a compile error, rather than a path the graph tests
// silently never walk. Within a group, each fixture has the label path lists show.

// Written as `any`, the parameters we do not read: StateMachine's type parameters vary in variance.
type PartsOf<M> = M extends StateMachine<any, infer TEvent, any, infer TActor, any, any, infer TDelay, any, any, any, any, any, any, any>
  ? { event: TEvent; actor: TActor; delay: TDelay }
  : never;

type ActorOf<M> = Extract<PartsOf<M>['actor'], ProvidedActor>;
type ActorSrc<M> = ActorOf<M>['src'];

/** Labelled fixtures of one group. */
export type Labelled<E> = { readonly [label: string]: E };

/** The machine's own events (what its views send), by event type. */
export type UserEventFixtures<M> = { readonly [T in EventFrom<M>['type']]: Labelled<Extract<EventFrom<M>, { type: T }>> };

/** The answer events of an invoked actor (its id is its source's name), with its output's type. */
export type ActorAnswer<M, S extends ActorSrc<M>> =
  | DoneActorEvent<OutputFrom<Extract<ActorOf<M>, { src: S }>['logic']>, S>
  | ErrorActorEvent<unknown, S>;

/** Every answer each actor the machine invokes can give, by actor. */
export type ActorEventFixtures<M> = { readonly [S in ActorSrc<M>]: Labelled<ActorAnswer<M, S>> };

/** Timer events (`xstate.after.<delay>.<state id>`), by delay name. */
export type DelayEventFixtures<M> = {
  readonly [D in Extract<PartsOf<M>['delay'], string>]: Labelled<EventObject & { type: `xstate.after.${D}.${string}` }>;
};

export const done = <S extends string, O>(id: S, output: O): DoneActorEvent<O, S> => ({ type: `xstate.done.actor.${id}`, output, actorId: id });
export const failed = <S extends string>(id: S, error: unknown): ErrorActorEvent<unknown, S> => ({ type: `xstate.error.actor.${id}`, error, actorId: id });

/**
 * The groups' fixtures by label, one flat map for the traversals and path lists. A group left
 * empty, or a label used twice, is refused: the paths would lose an event or name two alike.
 */
export function byLabel(...groups: Record<string, Labelled<EventObject>>[]): Record<string, EventObject> {
  const out: Record<string, EventObject> = {};
  for (const group of groups) {
    for (const [key, fixtures] of Object.entries(group)) {
      if (Object.keys(fixtures).length === 0) throw new Error(`no fixture for ${key}`);
      for (const [label, event] of Object.entries(fixtures)) {
        if (label in out) throw new Error(`two fixtures are labelled ${label}`);
        out[label] = event;
      }
    }
  }
  return out;
}
