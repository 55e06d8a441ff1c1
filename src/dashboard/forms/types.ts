import type { ReactNode } from 'react';
import type { FormDefinition, UiSchema } from '../../generated/forms/types.ts';

/** One app of the catalog (app.appsList) as the apps multi-select offers it. */
export interface CatalogApp {
  id: string;
  label: string;
  category: string;
  logo?: string | null;
}

/** A value of the apps multi-select: a catalog id, or a requested app (spec: category Requested). */
export type AppChoice = string | { label: string; category: 'Requested' };

export type FormValues = Record<string, unknown>;

export interface ContractFormProps<T extends FormValues = FormValues> {
  /** A generated form definition (src/generated/forms): schema, uiSchema, messages, trim list. */
  form: FormDefinition;
  /**
   * The generated definition `form` narrows for this screen (its choices, fewer fields), when it
   * does: the values are validated against its schema, which codegen compiled (see validator.ts).
   */
  contract?: FormDefinition;
  /** Initial (or controlled) values. */
  formData?: Partial<T>;
  /** Called with trimmed, valid values. */
  onSubmit: (values: T) => void | Promise<void>;
  /** Every change, after disabledUnless resets (e.g. customMappingRequired back to false). */
  onChange?: (values: Partial<T>) => void;
  /** Merged over the generated uiSchema (hide a field, change a widget, add help). */
  uiSchema?: UiSchema;
  /** Submit button text; default 'Submit'. */
  submitLabel?: string;
  /** A call is in flight: the form is read-only and the submit button shows progress. */
  busy?: boolean;
  /** Server errors by field dot path (ApiError.field -> ApiError.msg), shown under the field. */
  serverErrors?: Record<string, string>;
  /** Catalog apps for the appsMultiSelect widget; when absent the widget loads app.appsList itself. */
  catalogApps?: readonly CatalogApp[];
  /** Extra actions beside the submit button (Previous, Cancel, ...). */
  children?: ReactNode;
  /** DOM id prefix of the fields (two forms on one page need different ones). */
  idPrefix?: string;
  /** Hide the submit button (a dialog may submit through a ref or its own action). */
  hideSubmit?: boolean;
  /** Disables the whole form. */
  disabled?: boolean;
}
