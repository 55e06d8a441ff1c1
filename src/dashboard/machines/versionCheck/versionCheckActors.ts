import { fromPromise } from 'xstate';
import { unwrap, type ApiClients } from '../../providers/apiClient.ts';
import type { SignOut } from '../../providers/signOut.ts';

export interface VersionCheckActorDeps {
  clients: Pick<ApiClients, 'engine'>;
  signOut: SignOut;
}

/** The real actors: `versionCheckMachine.provide({ actors: createVersionCheckActors(deps) })`. */
export function createVersionCheckActors(deps: VersionCheckActorDeps) {
  return {
    getUiVersion: fromPromise<string, void>(async ({ signal }) => {
      const body = await unwrap(deps.clients.engine.GET('/auth.getUiVersion', { signal }));
      return body.msg.uiVersion;
    }),
    logout: fromPromise<void, void>(() => deps.signOut()),
  };
}
