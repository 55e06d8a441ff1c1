import { defineHandler } from '../types.ts';
import { badRequest } from '../../errors.ts';
import { usableSession } from '../../repositories/authSessions.ts';
import { connectOffer } from '../../repositories/connectOffer.ts';
import { connectAccount } from '../../services/connectAccount.ts';
import { manualStepConfirmation } from '../../../shared/connectSteps.ts';
import { requiredMessage } from '../../../shared/validationMessages.ts';

const APP_NOT_OFFERED = 'This app is not offered by this link';
const CONNECTOR_NOT_OFFERED = 'This connector is not offered by this link';
const OAUTH_UNAVAILABLE = 'This app connects with an OAuth sign-in, which is not available yet';

// The end customer's Connect: the choice is checked against what the link offers and the app's
// setup fields, then connectAccount writes everything in one transaction.
export const connectComplete = defineHandler('connectComplete', async ({ body }, { db, clock, config }) => {
  const session = await usableSession(db, body.authSessionToken, clock.now());
  const offer = await connectOffer(db, session);
  const app = offer.find((c) => c.category === body.category)?.apps.find((a) => a.id === body.appId);
  if (!app) throw badRequest(APP_NOT_OFFERED, 'appId');
  if (body.connectorId !== undefined && body.connectorId !== app.connectorId) throw badRequest(CONNECTOR_NOT_OFFERED, 'connectorId');
  if (!app.connectable) throw badRequest(OAUTH_UNAVAILABLE, 'appId');

  const fields = app.steps.flatMap((s) => s.fields);
  for (const name of Object.keys(body.values)) {
    if (!fields.some((f) => f.name === name)) throw badRequest('Unknown field', `values.${name}`);
  }
  const values: Record<string, string> = {};
  for (const field of fields) {
    const value = body.values[field.name]?.trim() ?? '';
    if (field.required && value === '') throw badRequest(requiredMessage(field.label), `values.${field.name}`);
    if (value !== '') values[field.name] = value;
  }

  // Manual steps happen at the app; the end customer attests them, the screen alone cannot.
  const confirmed = new Set(body.confirmedSteps ?? []);
  const manual = app.steps.filter((s) => s.setupType === 'NONE').map((s) => s.stepId);
  for (const stepId of confirmed) {
    if (!manual.includes(stepId)) throw badRequest(`${stepId} is not a manual step of ${app.label}`, 'confirmedSteps');
  }
  const missing = manual.find((stepId) => !confirmed.has(stepId));
  if (missing) throw badRequest(`${manualStepConfirmation(missing, app.label)}: please confirm this step first`, 'confirmedSteps');

  const account = await connectAccount(db, { session, app, category: body.category, values, secret: config.signingSecret, now: clock.now() });
  return {
    integrationId: account.id,
    appId: account.app_id,
    appLabel: account.app_label,
    category: body.category,
    integrationState: 'Success' as const,
    originOrgName: account.origin_org_name,
  };
});
