import type { EngineClient } from '../../../generated/api/clients.ts';
import type { ApiClients } from '../../providers/apiClient.ts';

// The engine client of the sign-up actors, fetched when the visitor starts filling in the form, or
// at the latest when a step sends it: the page as it first shows makes no call. The actors only POST.

let loading: Promise<ApiClients> | undefined;

export const loadSignUpClients = (): Promise<ApiClients> =>
  (loading ??= import('../../providers/clients.ts').then(
    (module) => module.apiClients,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  ));

const post = ((...args: Parameters<EngineClient['POST']>) => loadSignUpClients().then((clients) => clients.engine.POST(...args))) as EngineClient['POST'];

/** What createSignUpActors needs: an engine client whose calls wait for the real one. */
export const signUpClients = { engine: { POST: post } as EngineClient } satisfies Pick<ApiClients, 'engine'>;
