import { sessionStore } from '../session/sessionStore.ts';
import { createAuthProvider } from './authProvider.ts';
import { apiClients, signOut } from './clients.ts';
import { createDataProvider } from './dataProvider.ts';

// The react-admin providers of the dashboard, on the shared clients and sign-out (clients.ts).

export { apiClients, signOut };

export const dataProvider = createDataProvider({ clients: apiClients });

export const authProvider = createAuthProvider({ clients: apiClients, session: sessionStore, signOut });
