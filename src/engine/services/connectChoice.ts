import type { Kysely } from 'kysely';
import type { Database, Row } from '../db/schema.ts';
import { badRequest } from '../errors.ts';
import { connectOffer, type ConnectApp } from '../repositories/connectOffer.ts';
import { requiredMessage } from '../../shared/validationMessages.ts';

// The end customer's choice of app, checked against what the session offers: the same rules for
// a form connect (connect.complete) and an OAuth sign-in (connect.oauth.start).
const APP_NOT_OFFERED = 'This app is not offered by this link';
const CONNECTOR_NOT_OFFERED = 'This connector is not offered by this link';

/** The app the session offers in the category, or 400 on appId / connectorId. */
export async function offeredApp(
  db: Kysely<Database>,
  session: Row<'auth_sessions'>,
  choice: { appId: string; category: string; connectorId?: string },
  options: { oauthAvailable: boolean },
): Promise<ConnectApp> {
  const offer = await connectOffer(db, session, options);
  const app = offer.find((c) => c.category === choice.category)?.apps.find((a) => a.id === choice.appId);
  if (!app) throw badRequest(APP_NOT_OFFERED, 'appId');
  if (choice.connectorId !== undefined && choice.connectorId !== app.connectorId) throw badRequest(CONNECTOR_NOT_OFFERED, 'connectorId');
  return app;
}

/**
 * The setup values of the given steps, trimmed: every required field non-blank (400 '<label> is
 * required' on values.<name>), no field the steps do not have (400 'Unknown field').
 */
export function checkedValues(steps: ConnectApp['steps'], given: Record<string, string>): Record<string, string> {
  const fields = steps.flatMap((s) => s.fields);
  for (const name of Object.keys(given)) {
    if (!fields.some((f) => f.name === name)) throw badRequest('Unknown field', `values.${name}`);
  }
  const values: Record<string, string> = {};
  for (const field of fields) {
    const value = given[field.name]?.trim() ?? '';
    if (field.required && value === '') throw badRequest(requiredMessage(field.label), `values.${field.name}`);
    if (value !== '') values[field.name] = value;
  }
  return values;
}
