import { defineHandler } from '../types.ts';
import { deactivateEndCustomerIntegration } from '../../services/connectDeactivate.ts';

// The knit-auth component's Deactivate: one of the session's end customer's integrations, as
// IntegrationDetails with isDeactivated true. Public; the token in the body is the credential.
export const connectDeactivate = defineHandler('connectDeactivate', async ({ body }, { db, clock }) =>
  deactivateEndCustomerIntegration(db, body, clock.now()));
