/** Shown for a value that is absent. */
export const EMPTY_VALUE = '—';

const ROLE_LABELS: Record<string, string> = { admin: 'Admin', member: 'Member', billingcontact: 'Billing contact' };

/** A role as people read it: 'billingcontact' -> 'Billing contact'. */
export function roleLabel(role: unknown): string {
  if (typeof role !== 'string' || role === '') return EMPTY_VALUE;
  return ROLE_LABELS[role] ?? role.charAt(0).toUpperCase() + role.slice(1);
}
