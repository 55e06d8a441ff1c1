import type { SchemaConnectApp, SchemaConnectSetupField } from '../../../generated/api/engine.ts';
import { ApiError } from '../../providers/errors.ts';
import { requiredMessage } from '../../../shared/validationMessages.ts';

// The setup form of one app: its fields in step order, the same required rule as the engine
// (requiredMessage on a blank value), and the engine's field errors mapped back to inputs.

export type SetupValues = Record<string, string>;
export type FieldErrors = Record<string, string>;

export const fieldsOf = (app: SchemaConnectApp): SchemaConnectSetupField[] => app.steps.flatMap((s) => s.fields);

/** Manual steps the end customer confirms at the app before connecting (no input to send). */
export const manualStepsOf = (app: SchemaConnectApp) => app.steps.filter((s) => s.setupType === 'NONE');

/** The app's OAuth sign-in step, and whether it is the app's last (the sign-in then creates the account). */
export function oauthStepOf(app: SchemaConnectApp): { stepId: string; isFinalStep: boolean } | undefined {
  const index = app.steps.findIndex((s) => s.setupType === 'OAUTH');
  return index < 0 ? undefined : { stepId: app.steps[index].stepId, isFinalStep: index === app.steps.length - 1 };
}

export function validateSetup(app: SchemaConnectApp, values: SetupValues): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of fieldsOf(app)) {
    if (field.required && !(values[field.name] ?? '').trim()) errors[field.name] = requiredMessage(field.label);
  }
  return errors;
}

/** Trimmed values of the app's fields; blank optional values are left out. */
export function setupPayload(app: SchemaConnectApp, values: SetupValues): SetupValues {
  const out: SetupValues = {};
  for (const field of fieldsOf(app)) {
    const value = (values[field.name] ?? '').trim();
    if (value) out[field.name] = value;
  }
  return out;
}

/** A 400 naming values.<field> belongs under that input; anything else is shown above the form. */
export function fieldErrorOf(error: unknown): { field: string; msg: string } | null {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.field?.startsWith('values.')) return null;
  return { field: error.field.slice('values.'.length), msg: error.msg };
}

/** Case-insensitive match on the app's label or id. */
export function matchesSearch(app: Pick<SchemaConnectApp, 'id' | 'label'>, search: string): boolean {
  const needle = search.trim().toLowerCase();
  return !needle || app.label.toLowerCase().includes(needle) || app.id.toLowerCase().includes(needle);
}

export { manualStepConfirmation as manualStepText } from '../../../shared/connectSteps.ts';
