import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Typography from '@mui/material/Typography';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { FormDefinition, JsonSchema, UiSchema } from '../../generated/forms/types.ts';
import type { FieldErrors } from './textFormErrors.ts';

// A generated form whose visible fields are all text, rendered with MUI alone: the same fields,
// labels, messages and behaviour as ContractForm (rjsf's MUI theme), without rjsf. The first steps
// of sign-up use it, so the page a visitor lands on stays small; later steps use ContractForm.

type Values = Record<string, unknown>;

export interface TextContractFormProps<T extends Values> {
  /** A generated form definition whose visible properties are strings. */
  form: FormDefinition;
  /** Initial values; a new object resets the fields to it (as ContractForm does). */
  formData?: Partial<T>;
  /** Merged over the generated uiSchema per field: 'ui:widget': 'hidden', placeholder, autofocus, autocomplete, options.inputType, description, help. */
  uiSchema?: UiSchema;
  submitLabel: string;
  /** A call is in flight: the fields are read-only and the button shows progress. */
  busy?: boolean;
  /** DOM id prefix of the fields: `${idPrefix}_${field}`, as rjsf names them. */
  idPrefix: string;
  /** Called with trimmed, valid values. */
  onSubmit: (values: T) => void;
  /** Extra actions beside the submit button (Previous). */
  children?: ReactNode;
}

interface Field {
  name: string;
  schema: JsonSchema;
  ui: UiSchema;
  required: boolean;
}

function fieldsOf(form: FormDefinition, uiSchema: UiSchema | undefined): Field[] {
  const properties = (form.schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((form.schema.required as string[] | undefined) ?? []);
  return Object.entries(properties)
    .map(([name, schema]) => ({ name, schema, required: required.has(name), ui: { ...(form.uiSchema[name] as UiSchema), ...(uiSchema?.[name] as UiSchema) } }))
    .filter((field) => field.ui['ui:widget'] !== 'hidden');
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

type Rules = typeof import('./textFormErrors.ts');
let rules: Promise<Rules> | undefined;
/**
 * The contract's messages and trimming are fetched when the user first types or sends (the form
 * shows without them); a failed fetch is tried again next time.
 */
const loadRules = () =>
  (rules ??= import('./textFormErrors.ts').catch((error: unknown) => {
    rules = undefined;
    throw error;
  }));

/**
 * Validation runs on submit, then on every change, so a user is not told off while still typing
 * the first time; a failed submit focuses the first field in error.
 */
export function TextContractForm<T extends Values>({ form, formData, uiSchema, submitLabel, busy = false, idPrefix, onSubmit, children }: TextContractFormProps<T>) {
  const [values, setValues] = useState<Values>(formData ?? {});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  // A new formData from the caller wins over the typed values.
  const lastFormData = useRef(formData);
  if (formData !== lastFormData.current) {
    lastFormData.current = formData;
    setValues(formData ?? {});
  }
  const fields = fieldsOf(form, uiSchema);
  const idOf = (name: string) => `${idPrefix}_${name}`;

  const change = (name: string, value: string) => {
    // An emptied field is absent, as rjsf leaves it: 'Email is required', not 'Not a valid email!'.
    const { [name]: _previous, ...others } = values;
    const next = value === '' ? others : { ...others, [name]: value };
    setValues(next);
    void loadRules().then(({ textFormErrors }) => submitted && setErrors(textFormErrors(form, next)), () => undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    const { textFormErrors, trimFormData } = await loadRules();
    const found = textFormErrors(form, values);
    setErrors(found);
    const first = fields.find((field) => found[field.name]?.length);
    if (first) {
      document.getElementById(idOf(first.name))?.focus();
      return;
    }
    onSubmit(trimFormData(form, values as T));
  };

  return (
    <form className="rjsf" noValidate onSubmit={(event) => void submit(event)}>
      <Box sx={{ mt: '10px' }}>
        {fields.map(({ name, schema, ui, required }) => {
          const id = idOf(name);
          const messages = errors[name] ?? [];
          const description = text(ui['ui:description']);
          const help = text(ui['ui:help']);
          const options = (ui['ui:options'] ?? {}) as { inputType?: string };
          const label = text(schema.title) ?? name;
          const describedBy = [messages.length && `${id}__error`, description && `${id}__description`, help && `${id}__help`].filter(Boolean).join(' ');
          return (
            <Box key={name} sx={{ mb: '10px' }}>
              {/* TextField's parts (outlined), without the select it would also bring. */}
              <FormControl fullWidth error={messages.length > 0} required={required} disabled={busy}>
                <InputLabel htmlFor={id} id={`${id}-label`}>
                  {label}
                </InputLabel>
                <OutlinedInput
                  id={id}
                  name={id}
                  label={label}
                  placeholder={text(ui['ui:placeholder'])}
                  autoFocus={ui['ui:autofocus'] === true}
                  autoComplete={text(ui['ui:autocomplete'])}
                  type={options.inputType ?? 'text'}
                  value={typeof values[name] === 'string' ? values[name] : ''}
                  onChange={(event) => change(name, event.target.value)}
                  inputProps={describedBy ? { 'aria-describedby': describedBy } : {}}
                />
                {description && (
                  // rjsf's MUI theme shows a field's description in the subtitle2 style under the field.
                  <Typography id={`${id}__description`} variant="subtitle2" component="span" sx={{ color: 'text.secondary', display: 'block', mt: 0.625 }}>
                    {description}
                  </Typography>
                )}
                {messages.length > 0 && (
                  <Box component="ul" id={`${id}__error`} sx={{ listStyle: 'none', m: 0, p: 0 }}>
                    {messages.map((message, index) => (
                      <Box component="li" key={message} sx={{ py: 0.5 }}>
                        <FormHelperText component="div" id={`${id}__error-${index}`}>
                          {message}
                        </FormHelperText>
                      </Box>
                    ))}
                  </Box>
                )}
                {help && (
                  <FormHelperText component="div" id={`${id}__help`} sx={{ mt: 0.625 }}>
                    {help}
                  </FormHelperText>
                )}
              </FormControl>
            </Box>
          );
        })}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, mt: 2, alignItems: 'center' }}>
        <Button type="submit" variant="contained" disabled={busy} startIcon={busy ? <CircularProgress size={16} /> : undefined}>
          {submitLabel}
        </Button>
        {children}
      </Box>
    </form>
  );
}
