// The shape of a generated form: the contract's request-body schema with its $refs inlined (rjsf
// renders it, ajv validates it), the rjsf uiSchema built from x-ui, and the spec's messages from
// x-messages. Property paths are dot paths with `*` for array items: `list.*.email`.

import type { ValidatorFunctions } from '@rjsf/validator-ajv8';

export type JsonSchema = { [keyword: string]: unknown };
export type UiSchema = { [key: string]: unknown };

export type MessageKeyword =
  | 'required'
  | 'format'
  | 'pattern'
  | 'minLength'
  | 'maxLength'
  | 'minItems'
  | 'enum'
  | 'type'
  | 'minimum'
  | 'maximum'
  | 'const';

/** The form's schema compiled by ajv at codegen (src/generated/validators), for rjsf's precompiled mode. */
export interface FormValidators {
  /** Key of the form's own schema in `functions`. */
  rootKey: string;
  /** ajv's validate function of the schema and of each sub-schema rjsf checks, by rjsf's schema key. */
  functions: ValidatorFunctions;
}

export interface FormDefinition {
  /** The x-form value: `signUpEmail`, `orgDetails`, ... */
  name: string;
  /** Component schema the form comes from. */
  schemaName: string;
  schema: JsonSchema;
  uiSchema: UiSchema;
  /** property path -> failed keyword -> message, word for word from the spec. */
  messages: Record<string, Partial<Record<MessageKeyword, string>>>;
  /** Property paths trimmed before validation and sending (x-trim). */
  trim: readonly string[];
  /** property path -> boolean property path that must be true for it to be enabled. */
  disabledUnless: Record<string, string>;
  /** The operation whose request body this is (null when only nested in other bodies). */
  operationId: string | null;
  service: 'engine' | 'ai';
  validators: FormValidators;
}

function valueAt(data: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, step) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[step] : undefined), data);
}

/**
 * The form's uiSchema with `ui:disabled` applied from its disabledUnless rules for the current
 * form data. Rules inside array items (paths with `*`) differ per item, so the screen owns those.
 */
export function uiSchemaFor(form: Pick<FormDefinition, 'uiSchema' | 'disabledUnless'>, formData: unknown): UiSchema {
  const uiSchema = structuredClone(form.uiSchema);
  for (const [path, controller] of Object.entries(form.disabledUnless)) {
    if (path.includes('*')) continue;
    let node = uiSchema;
    for (const step of path.split('.')) {
      if (!node[step] || typeof node[step] !== 'object') node[step] = {};
      node = node[step] as UiSchema;
    }
    node['ui:disabled'] = valueAt(formData, controller) !== true;
  }
  return uiSchema;
}
