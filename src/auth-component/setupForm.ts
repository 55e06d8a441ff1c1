import type { ConnectApp, ConnectSession, IntegrationDetails, Category } from './engineCalls.ts';
import { requiredMessage } from '../shared/validationMessages.ts';

// The chosen app's setup as the engine checks it (connect.complete, connect.oauth.start): its
// FORM fields in step order with the engine's '<label> is required' rule, its manual steps to
// confirm, and its OAuth sign-in step (always the last step when there is one).

export type SetupValues = Record<string, string>;
export type FieldErrors = Record<string, string>;

export const fieldsOf = (app: ConnectApp) => app.steps.flatMap((step) => step.fields);
export const manualStepsOf = (app: ConnectApp) => app.steps.filter((step) => step.setupType === 'NONE');
export const oauthStepOf = (app: ConnectApp) => app.steps.find((step) => step.setupType === 'OAUTH');

export function validateSetup(app: ConnectApp, values: SetupValues): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of fieldsOf(app)) {
    if (field.required && !(values[field.name] ?? '').trim()) errors[field.name] = requiredMessage(field.label);
  }
  return errors;
}

/** Trimmed values of the app's own fields; blank optional ones are left out. */
export function setupPayload(app: ConnectApp, values: SetupValues): SetupValues {
  const out: SetupValues = {};
  for (const field of fieldsOf(app)) {
    const value = (values[field.name] ?? '').trim();
    if (value) out[field.name] = value;
  }
  return out;
}

/** The engine's 400 on values.<name> belongs under that field. */
export const fieldOfError = (field: string | undefined): string | undefined =>
  field?.startsWith('values.') ? field.slice('values.'.length) : undefined;

export function categoryOfApp(session: ConnectSession, app: ConnectApp): Category {
  return session.categories.find((c) => c.apps.some((a) => a.id === app.id))?.category ?? session.categories[0]!.category;
}

/** Case-insensitive match on the app's label or id. */
export function matchesSearch(app: Pick<ConnectApp, 'id' | 'label'>, search: string): boolean {
  const needle = search.trim().toLowerCase();
  return !needle || app.label.toLowerCase().includes(needle) || app.id.toLowerCase().includes(needle);
}

/** What onFinish carries when an attempt ended without a connection. */
export function failedDetails(session: ConnectSession, app: ConnectApp, description: string, code: string, resolution: string): IntegrationDetails {
  return {
    integrationId: session.integrationId ?? '',
    appId: app.id,
    categoryId: categoryOfApp(session, app),
    originOrgId: session.originOrgId,
    success: false,
    errors: [{ code, description, resolution }],
    isDeactivated: false,
  };
}
