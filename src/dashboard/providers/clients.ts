import { sessionStore } from '../session/sessionStore.ts';
import { createApiClients } from './apiClient.ts';
import { createSignOut } from './signOut.ts';

// The dashboard's clients and sign-out: one session store, one pair of clients, one sign-out shared
// by the 401 rule and react-admin's logout. Public pages (sign-up, magic links) need only these, so
// they live apart from the react-admin providers (instances.ts).

// The services' base URLs default to the contract's (/api and /ai on the dashboard's origin);
// VITE_ENGINE_URL and VITE_AI_URL at build time point a dashboard at engines elsewhere.
export const apiClients = createApiClients({
  session: sessionStore,
  onUnauthorized: () => void signOut(),
  engineBaseUrl: import.meta.env.VITE_ENGINE_URL || undefined,
  aiBaseUrl: import.meta.env.VITE_AI_URL || undefined,
});

export const signOut = createSignOut({ clients: apiClients, session: sessionStore });
