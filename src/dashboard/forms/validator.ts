import type { ErrorTransformer, RJSFSchema, RJSFValidationError, ValidatorType } from '@rjsf/utils';
// From its own module: the package's index also exports the compiling validator (ajv and its compiler).
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { FormDefinition } from '../../generated/forms/types.ts';
import { pathOf, trimFormData } from './formRules.ts';

/**
 * The contract's rules in rjsf: the form's schema as ajv compiled it at codegen (src/generated/
 * validators: the engine's keywords and ajv-formats, every error reported so each field shows its
 * own message), so the browser compiles nothing.
 *
 * `contract` is the generated definition when `form` narrows it for one screen (the magic link:
 * the organisation's choices, the fields its connector type does not ask for left out). The values
 * are checked against the contract's schema, whose validators exist, and the errors of fields the
 * screen does not ask for are dropped, as its narrower schema would; the narrowed choices are all
 * the screen's widgets offer.
 *
 * x-trim says "trimmed before validation and sending": a trailing space in an e-mail must not
 * read as 'Not a valid email!'. The values are trimmed (a copy) before ajv sees them.
 */
export function trimmingValidator(form: FormDefinition, contract: FormDefinition = form): ValidatorType {
  const rootSchema = contract.schema as RJSFSchema;
  const base = createPrecompiledValidator(contract.validators.functions, rootSchema);
  const asked = form === contract ? undefined : new Set(Object.keys((form.schema.properties ?? {}) as object));
  const askedOnly = (transform: ErrorTransformer | undefined): ErrorTransformer | undefined =>
    asked
      ? (errors, uiSchema) => {
          const kept = errors.filter((error: RJSFValidationError) => {
            const field = pathOf(error.property)[0];
            return field === undefined || asked.has(field);
          });
          return transform ? transform(kept, uiSchema) : kept;
        }
      : transform;
  return {
    validateFormData: (formData, _schema, customValidate, transformErrors, uiSchema) =>
      base.validateFormData(trimFormData(form, formData, { dropEmpty: true }), rootSchema, customValidate, askedOnly(transformErrors), uiSchema),
    isValid: (schema, formData) => base.isValid(schema, formData, rootSchema),
    rawValidation: (_schema, formData) => base.rawValidation(rootSchema, formData),
    reset: () => base.reset?.(),
  };
}
