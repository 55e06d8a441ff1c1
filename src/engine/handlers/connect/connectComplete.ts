import { defineHandler } from '../types.ts';
import { badRequest } from '../../errors.ts';
import { usableSession } from '../../repositories/authSessions.ts';
import { connectAccount } from '../../services/connectAccount.ts';
import { checkedValues, offeredApp } from '../../services/connectChoice.ts';
import { manualStepConfirmation } from '../../../shared/connectSteps.ts';

const OAUTH_UNAVAILABLE = 'This app connects with an OAuth sign-in, which is not available yet';
const OAUTH_APP = 'This app connects with an OAuth sign-in';

// The end customer's Connect: the choice is checked against what the link offers and the app's
// setup fields, then connectAccount writes everything in one transaction. Apps that sign in with
// OAuth connect through connect.oauth.start and connect.oauth.callback instead.
export const connectComplete = defineHandler('connectComplete', async ({ body }, { db, clock, config }) => {
  const session = await usableSession(db, body.authSessionToken, clock.now());
  const app = await offeredApp(db, session, body, { oauthAvailable: config.sandboxEnabled });
  if (!app.connectable) throw badRequest(OAUTH_UNAVAILABLE, 'appId');
  if (app.steps.some((s) => s.setupType === 'OAUTH')) throw badRequest(OAUTH_APP, 'appId');
  const values = checkedValues(app.steps, body.values);

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
