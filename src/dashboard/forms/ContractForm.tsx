import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { withTheme, type IChangeEvent } from '@rjsf/core';
import CheckboxesWidget from '@rjsf/mui/lib/CheckboxesWidget/CheckboxesWidget.js';
import CheckboxWidget from '@rjsf/mui/lib/CheckboxWidget/CheckboxWidget.js';
import RadioWidget from '@rjsf/mui/lib/RadioWidget/RadioWidget.js';
import SelectWidget from '@rjsf/mui/lib/SelectWidget/SelectWidget.js';
import { generateTemplates } from '@rjsf/mui/lib/Templates/Templates.js';
import TextareaWidget from '@rjsf/mui/lib/TextareaWidget/TextareaWidget.js';
import type { RJSFSchema, UiSchema as RjsfUiSchema } from '@rjsf/utils';
import { useMemo, useRef, useState } from 'react';
import { uiSchemaFor, type UiSchema } from '../../generated/forms/types.ts';
import { applyDisabledUnless, contractErrorTransformer, serverErrorSchema, trimFormData } from './formRules.ts';
import type { ContractFormProps, FormValues } from './types.ts';
import { trimmingValidator } from './validator.ts';
import { contractFields, contractWidgets, type AppsFormContext } from './widgets/index.ts';

// rjsf's MUI theme, every widget of it but the range slider (MUI's Slider, ~5 kB): no contract form
// asks for one, and rjsf's own range input would stand in if one did. The theme's modules are
// imported one by one: the package's index builds the whole theme as it loads.
const ThemedForm = withTheme<FormValues, RJSFSchema, AppsFormContext>({
  templates: generateTemplates<FormValues, RJSFSchema, AppsFormContext>(),
  widgets: { CheckboxWidget, CheckboxesWidget, RadioWidget, SelectWidget, TextareaWidget },
});

/** Deep merge of the caller's uiSchema over the generated one (objects merge, other values replace). */
function mergeUi(base: UiSchema, extra: UiSchema | undefined): UiSchema {
  if (!extra) return base;
  const out: UiSchema = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const current = out[key];
    const both = value && current && typeof value === 'object' && typeof current === 'object' && !Array.isArray(value);
    out[key] = both ? mergeUi(current as UiSchema, value as UiSchema) : value;
  }
  return out;
}

/** `ui:widget` naming one of our fields (an object-valued logo) is rjsf's `ui:field`. */
function widgetsToFields(ui: UiSchema): UiSchema {
  const out: UiSchema = {};
  for (const [key, value] of Object.entries(ui)) {
    if (key === 'ui:widget' && typeof value === 'string' && value in contractFields) out['ui:field'] = value;
    else out[key] = value && typeof value === 'object' && !Array.isArray(value) ? widgetsToFields(value as UiSchema) : value;
  }
  return out;
}

// Arrays start empty: rjsf would otherwise fill `minItems` with blank items (an apps list with one
// empty entry instead of 'Please select at least one app').
const defaultFormStateBehavior = { arrayMinItems: { populate: 'never' as const } };

/**
 * Renders a generated form definition (src/generated/forms) with rjsf's MUI theme. The contract
 * owns the rules: messages come from the definition ('Email is required', ...), x-trim fields are
 * trimmed before validation and sending, disabledUnless fields follow their switch. Validation runs
 * on submit, then live, so a user is not told off while still typing the first time.
 */
export function ContractForm<T extends FormValues = FormValues>(props: ContractFormProps<T>) {
  const { form, onSubmit, onChange, submitLabel = 'Submit', busy = false, serverErrors, catalogApps, children } = props;
  const [values, setValues] = useState<Partial<T> | undefined>(props.formData);
  const [submitted, setSubmitted] = useState(false);
  const previous = useRef<Partial<T> | undefined>(props.formData);
  // A controlled caller (formData changing from outside) wins over the local copy.
  const lastProp = useRef(props.formData);
  if (props.formData !== lastProp.current) {
    lastProp.current = props.formData;
    previous.current = props.formData;
    setValues(props.formData);
  }

  const validator = useMemo(() => trimmingValidator(form, props.contract), [form, props.contract]);
  const transformErrors = useMemo(() => contractErrorTransformer(form), [form]);
  const uiSchema = useMemo(() => {
    const merged = widgetsToFields(mergeUi(uiSchemaFor(form, values ?? {}), props.uiSchema));
    return { ...merged, 'ui:submitButtonOptions': { norender: true } } as RjsfUiSchema;
  }, [form, values, props.uiSchema]);
  const extraErrors = useMemo(() => serverErrorSchema(serverErrors), [serverErrors]);
  const formContext = useMemo<AppsFormContext>(() => (catalogApps ? { catalogApps } : {}), [catalogApps]);

  const handleChange = (event: IChangeEvent<FormValues>) => {
    const next = applyDisabledUnless(form, previous.current, (event.formData ?? {}) as Partial<T>);
    previous.current = next;
    setValues(next);
    onChange?.(next);
  };

  const handleSubmit = (event: IChangeEvent<FormValues>) => {
    if (busy) return;
    void onSubmit(trimFormData(form, (event.formData ?? {}) as T));
  };

  return (
    <ThemedForm
      schema={form.schema as RJSFSchema}
      uiSchema={uiSchema}
      formData={values as FormValues | undefined}
      validator={validator}
      widgets={contractWidgets}
      fields={contractFields}
      experimental_defaultFormStateBehavior={defaultFormStateBehavior}
      formContext={formContext}
      transformErrors={transformErrors}
      extraErrors={extraErrors}
      showErrorList={false}
      noHtml5Validate
      liveValidate={submitted ? 'onChange' : undefined}
      focusOnFirstError
      readonly={busy}
      disabled={props.disabled}
      {...(props.idPrefix ? { idPrefix: props.idPrefix } : {})}
      onChange={handleChange}
      onError={() => setSubmitted(true)}
      onSubmit={(event) => {
        setSubmitted(true);
        handleSubmit(event);
      }}
    >
      <Box sx={{ display: 'flex', gap: 1, mt: 2, alignItems: 'center' }}>
        {props.hideSubmit ? null : (
          <Button type="submit" variant="contained" disabled={busy || props.disabled} startIcon={busy ? <CircularProgress size={16} /> : undefined}>
            {submitLabel}
          </Button>
        )}
        {children}
      </Box>
    </ThemedForm>
  );
}
