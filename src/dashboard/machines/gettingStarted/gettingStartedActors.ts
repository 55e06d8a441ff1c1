import { fromPromise } from 'xstate';
import { unwrap, type ApiClients } from '../../providers/apiClient.ts';
import type { GettingStartedStatus } from './types.ts';

export interface GettingStartedActorDeps {
  clients: Pick<ApiClients, 'engine'>;
}

/** The real actors: `gettingStartedMachine.provide({ actors: createGettingStartedActors(deps) })`. */
export function createGettingStartedActors(deps: GettingStartedActorDeps) {
  return {
    fetchStatus: fromPromise<GettingStartedStatus, void>(async ({ signal }) => {
      const body = await unwrap(deps.clients.engine.GET('/app.gettingStartedStatus', { signal }));
      return body.msg;
    }),
  };
}
