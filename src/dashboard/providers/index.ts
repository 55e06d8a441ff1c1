export { apiClients, authProvider, dataProvider, signOut } from './instances.ts';
export { createApiClients, sessionMiddleware, unwrap, type ApiClients, type ApiClientsOptions, type TokenSource } from './apiClient.ts';
export {
  createAuthProvider,
  loginRedirect,
  type AuthProviderOptions,
  type DashboardIdentity,
  type Permissions,
  type UserDetails,
} from './authProvider.ts';
export { createDataProvider, detailOperations, valueAt, type ContractDataProvider, type DataProviderOptions, type DetailOperation } from './dataProvider.ts';
export {
  ApiError,
  DEFAULT_ERROR_MESSAGE,
  UNEXPECTED_RESPONSE_MESSAGE,
  errorMessage,
  fromErrorBody,
  isSuccessStatus,
  toApiError,
  type ApiErrorInit,
} from './errors.ts';
export { messageFor, notifyError, notifySuccess, notifyWarning, TOAST_ANCHOR, toastOptions, useToast, type NotifyFn, type ToastType } from './notify.ts';
export { createSignOut, type SignOut, type SignOutOptions } from './signOut.ts';
