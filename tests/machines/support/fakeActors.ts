import { fromPromise, type AnyActorLogic } from 'xstate';

/** One scripted answer: a value to resolve with, or `{ fail: error }` to reject with. */
export type Answer = { ok: unknown } | { fail: unknown };
export const ok = (value?: unknown): Answer => ({ ok: value });
export const fail = (error: unknown): Answer => ({ fail: error });

/**
 * Fake promise actors answering from per-actor scripts (the last answer repeats), recording each
 * call's input. No module mocks: the machine gets them through provide().
 */
export function scriptedActors<N extends string>(scripts: Record<N, Answer[]>) {
  const calls: Record<string, unknown[]> = {};
  const actors = {} as Record<N, AnyActorLogic>;
  for (const name of Object.keys(scripts) as N[]) {
    calls[name] = [];
    actors[name] = fromPromise<unknown, unknown>(async ({ input }) => {
      const script = scripts[name];
      calls[name].push(input);
      const answer = script.length > 1 ? script.shift()! : script[0];
      if (!answer) throw new Error(`${name}: no scripted answer`);
      if ('fail' in answer) throw answer.fail;
      return answer.ok;
    });
  }
  return { actors, calls };
}
