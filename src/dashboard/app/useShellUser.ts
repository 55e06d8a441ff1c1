import { useGetIdentity, usePermissions } from 'react-admin';
import type { DashboardIdentity, Permissions, UserDetails } from '../providers/index.ts';
import { isRole, type FeatureFlags, type Role } from './navigation.ts';

interface ShellUser {
  role: Role;
  flags: FeatureFlags;
  name: string;
  email: string;
  orgMetaData: UserDetails['orgMetaData'] | undefined;
}

/**
 * The signed-in user as the shell needs it: role and feature flags from the authProvider's
 * permissions, name and plan state from its identity. undefined until the permissions arrive.
 */
export function useShellUser(): ShellUser | undefined {
  const { permissions } = usePermissions<Permissions>();
  const { identity } = useGetIdentity();
  if (!permissions || !isRole(permissions.role)) return undefined;
  const details = identity as DashboardIdentity | undefined;
  return {
    role: permissions.role,
    flags: permissions.featureFlags ?? {},
    name: details?.fullName ?? '',
    email: details?.email ?? '',
    orgMetaData: details?.user?.orgMetaData,
  };
}

/** Role and flags for route guards: pending while loading, so a guard never redirects too early. */
export function useAccess(): { pending: true } | { pending: false; role: Role | undefined; flags: FeatureFlags } {
  const { permissions, isPending } = usePermissions<Permissions>();
  if (isPending) return { pending: true };
  return { pending: false, role: isRole(permissions?.role) ? permissions.role : undefined, flags: permissions?.featureFlags ?? {} };
}
