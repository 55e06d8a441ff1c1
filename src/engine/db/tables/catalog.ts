import type { BoolWithDefault, EpochMs, IntWithDefault, TextWithDefault } from './types.ts';

/** The 14 categories with their labels and order (getCategories, categoryList). */
export interface CategoriesTable {
  id: string;
  label: string;
  description: string | null;
  position: IntWithDefault;
}

export interface AppsTable {
  id: string;
  label: string;
  category: string;
  logo: string | null;
  /** OAUTH | BASIC | OTHER | NONE */
  auth_type: string;
  /** sync type -> boolean */
  custom_fields_support_json: TextWithDefault;
  /** [sync type] */
  not_supported_sync_types_json: TextWithDefault;
  is_custom_fields_supported: BoolWithDefault;
  /** Built-in sandbox apps complete their auth against the engine itself. */
  is_sandbox: BoolWithDefault;
  docs_url: string | null;
  position: IntWithDefault;
  created_at: EpochMs;
}

export interface AppSetupStepsTable {
  app_id: string;
  step_id: string;
  /** FORM | OAUTH | NONE */
  setup_type: string;
  position: IntWithDefault;
  /** JSON Schema of a FORM step. */
  form_schema_json: string | null;
}

/** Fields an app offers per subcategory: the default mapping rows of a new account or preset. */
export interface AppFieldsTable {
  app_id: string;
  subcategory: string;
  field_id: string;
  field_from_app: string;
  field_to_org: string | null;
  data_type: string;
  /** DEFAULT | UNMAPPED */
  field_type: string;
  sample_data: string | null;
  position: IntWithDefault;
}

export interface DataModelsTable {
  /** `${category}.${subcategory}.${model_id}`: model ids repeat across categories. */
  id: string;
  category: string;
  subcategory: string;
  subcategory_label: string;
  model_id: string;
  name: string;
  description: string | null;
  /** Default models are always subscribed and cannot be unchecked. */
  default_model: BoolWithDefault;
  position: IntWithDefault;
}

export interface ModelAttributesTable {
  data_model_id: string;
  name: string;
  type: string;
  description: string | null;
  position: IntWithDefault;
}

export interface SubModelsTable {
  data_model_id: string;
  name: string;
  /** [{ name, type, description }] */
  attributes_json: TextWithDefault;
  position: IntWithDefault;
}

/** Unified API calls of a category: the matrix's APIs and the Fetch Data step's call list. */
export interface CategoryApisTable {
  category: string;
  api_id: string;
  name: string;
  /** e.g. read, write, passthrough */
  type: string | null;
  method: string | null;
  url: string | null;
  doc_url: string | null;
  position: IntWithDefault;
  /** Sync type (subcategory) the call belongs to; '' for calls of no sync type (passthrough, ...). */
  subcategory: TextWithDefault;
}

export interface WebhookEventTypesTable {
  category: string;
  subcategory: string;
  value: string;
  label: string;
  event_type: string;
  code_snippet: string | null;
  position: IntWithDefault;
}

/**
 * One cell of the field capability matrix and of the model-exceptions modal.
 * field_name is '' for model- and API-level rows so it can sit in the primary key.
 */
export interface CapabilitiesTable {
  app_id: string;
  category: string;
  /** model | api | field */
  kind: string;
  /** modelId or API id. */
  target_id: string;
  field_name: string;
  /** A | WIP | NA; null shows as '--'. */
  status: string | null;
  notes: string | null;
}
