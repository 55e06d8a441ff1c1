import { sessionStore } from '../session/sessionStore.ts';
import { createApiClients } from './apiClient.ts';
import { createAuthProvider } from './authProvider.ts';
import { createDataProvider } from './dataProvider.ts';
import { createSignOut } from './signOut.ts';

// The dashboard's wiring of the providers: one session store, one pair of clients, one sign-out
// shared by the 401 rule and react-admin's logout.

export const apiClients = createApiClients({
  session: sessionStore,
  onUnauthorized: () => void signOut(),
});

export const signOut = createSignOut({ clients: apiClients, session: sessionStore });

export const dataProvider = createDataProvider({ clients: apiClients });

export const authProvider = createAuthProvider({ clients: apiClients, session: sessionStore, signOut });
