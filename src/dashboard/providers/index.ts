export { apiClients, authProvider, dataProvider, signOut } from './instances.ts';
export { unwrap } from './apiClient.ts';
export type { DashboardIdentity, Permissions, UserDetails } from './authProvider.ts';
export { ApiError, errorMessage } from './errors.ts';
export { TOAST_ANCHOR, useToast } from './notify.ts';
