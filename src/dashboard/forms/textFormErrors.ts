import type { FormDefinition } from '../../generated/forms/types.ts';
import { contractMessageFor, trimFormData } from './formRules.ts';

export { trimFormData };

// The contract's rules for a form of text fields, without rjsf: the values (trimmed, blank ones
// dropped, as ContractForm sends them to ajv) go through the validator codegen compiled from the
// form's schema, and each failed keyword gets the contract's message, as contractErrorTransformer
// gives rjsf. The sign-up steps use it, so the first page a visitor loads carries no form library.

/** Messages by field dot path ('userEmail'), each once, in ajv's order. */
export type FieldErrors = Readonly<Record<string, readonly string[]>>;

interface AjvError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}

/** Keywords that only repeat a branch's failure in schema jargon; the branch's own error is enough. */
const WRAPPERS = new Set(['oneOf', 'anyOf', 'if']);

/** ajv's instancePath ('/list/0/email') as path segments. */
const segmentsOf = (pointer: string) =>
  pointer
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));

/** The contract's messages for `values` (empty when valid). */
export function textFormErrors(form: FormDefinition, values: Readonly<Record<string, unknown>>): FieldErrors {
  const validate = form.validators.functions[form.validators.rootKey];
  if (!validate) throw new Error(`the ${form.name} form has no compiled validator`);
  const valid = validate(trimFormData(form, values, { dropEmpty: true }));
  const errors = ((validate.errors ?? []) as AjvError[]).filter((error) => !WRAPPERS.has(error.keyword));
  // ajv keeps the last run's errors on the function; the next run starts clean.
  validate.errors = null;
  if (valid) return {};
  const byField: Record<string, string[]> = {};
  for (const error of errors) {
    const path = segmentsOf(error.instancePath);
    if (error.keyword === 'required' && typeof error.params.missingProperty === 'string') path.push(error.params.missingProperty);
    const field = path.join('.');
    const message = contractMessageFor(form, path, error.keyword, error.params);
    const messages = (byField[field] ??= []);
    if (!messages.includes(message)) messages.push(message);
  }
  return byField;
}
