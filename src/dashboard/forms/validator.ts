import type { ValidatorType } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { FormDefinition } from '../../generated/forms/types.ts';
import { trimFormData } from './formRules.ts';

/**
 * The same rules as the engine's ajv: JSON Schema 2020-style keywords with ajv-formats (email,
 * uri), every error reported so each field shows its own message.
 */
export const contractValidator: ValidatorType = customizeValidator({
  ajvOptionsOverrides: { allErrors: true },
  ajvFormatOptions: { formats: ['email', 'uri', 'date-time', 'date', 'time'] },
});

/**
 * x-trim says "trimmed before validation and sending": a trailing space in an e-mail must not
 * read as 'Not a valid email!'. This validator trims a copy before ajv sees it.
 */
export function trimmingValidator(form: FormDefinition, base: ValidatorType = contractValidator): ValidatorType {
  return {
    validateFormData: (formData, schema, customValidate, transformErrors, uiSchema) =>
      base.validateFormData(trimFormData(form, formData, { dropEmpty: true }), schema, customValidate, transformErrors, uiSchema),
    isValid: (schema, formData, rootSchema) => base.isValid(schema, formData, rootSchema),
    rawValidation: (schema, formData) => base.rawValidation(schema, formData),
    reset: () => base.reset?.(),
  };
}
