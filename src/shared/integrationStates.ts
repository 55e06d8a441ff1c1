import type { SchemaIntegrationState, SchemaIntegrationStateFilter } from '../generated/api/engine.ts';
import { integrationStateFilterLabels } from '../generated/labels.ts';

// The states of an integrated account (the contract's IntegrationState enum), the accounts list's
// state filter, and which states count as no longer active: one vocabulary for the engine's rules
// and queries, the seed and the dashboard's account actions.

/** The state of an integrated account ('Success', 'Email sent', ...). */
export type IntegrationState = SchemaIntegrationState;

/** A value of the state filter: 'all' (no filter) or one state's key ('email_sent'). */
export type StateFilter = SchemaIntegrationStateFilter;

/**
 * The state each filter value selects: each value's label in the contract (x-enum-labels of
 * IntegrationStateFilter) is the state's own name, as the spec writes it.
 */
export const STATE_BY_FILTER = Object.fromEntries(
  Object.entries(integrationStateFilterLabels).filter(([value]) => value !== 'all'),
) as Record<Exclude<StateFilter, 'all'>, IntegrationState>;

/** The state a filter value selects; none for 'all' or no filter. */
export const stateOfFilter = (filter: StateFilter | undefined): IntegrationState | undefined =>
  (filter && filter !== 'all' ? STATE_BY_FILTER[filter] : undefined);

/** Every state, in the contract's order (Success, Error, Email sent, Under validation, Deactivated, Expired). */
export const INTEGRATION_STATES: readonly IntegrationState[] = Object.values(STATE_BY_FILTER);

/** Accounts in these states are no longer active: no actions, not counted as active, jobs hidden. */
export const INACTIVE_STATES: readonly IntegrationState[] = ['Deactivated', 'Expired'];

/** Whether an account in this state is no longer active (Deactivated or Expired). */
export const isInactiveState = (state: string): boolean => (INACTIVE_STATES as readonly string[]).includes(state);
