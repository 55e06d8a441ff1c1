import type { components } from '../../../../generated/api/engine.ts';
import { magicLinkForm } from '../../../../generated/forms/magicLink.ts';
import type { FormDefinition, JsonSchema, UiSchema } from '../../../../generated/forms/types.ts';

// The Create Magic Link form (part 2 §5) is the generated magicLink form, extended for the
// organisation at hand: its enabled categories, its language options, its live AI connectors.
// The rules the contract cannot say about one organisation live here, as pure functions:
// - defaults: connectorType unified-api-sync; testAccount true when the user's default is test;
//   showCustomMapping true; customMappingRequired false; language en;
// - AI connector types are offered only when connectors exist;
// - categories are asked for unified-api-sync and both-unified-ai, connectorIds for ai-connectors
//   and both-unified-ai (the schema's if/then says which are required).
// customMappingRequired's disabled-and-reset rule is the contract's (disabledUnless), applied by
// ContractForm.

export type MagicLinkValues = components['schemas']['AppCreateMagicLinkV3Body'];
type ConnectorType = NonNullable<MagicLinkValues['connectorType']>;

export interface Option {
  value: string;
  label: string;
}

export interface MagicLinkContext {
  /** The organisation's default integration type (user.userDetails defaultIntegrationType). */
  defaultIntegrationType: 'test' | 'production' | string;
  /** Categories enabled for the organisation (app.filtersMetadata categories). */
  categories: readonly Option[];
  /** orgMetaData.languageOptions when the plan has them; English is always offered. */
  languages: readonly Option[];
  /** Live AI connectors (connectors.list.live); empty when there are none or the service is unavailable. */
  connectors: readonly Option[];
}

const CONNECTOR_TYPE_LABELS: Readonly<Record<ConnectorType, string>> = {
  'unified-api-sync': 'Unified API sync',
  'ai-connectors': 'AI connectors',
  'both-unified-ai': 'Both',
};

const ENGLISH: Option = { value: 'en', label: 'English' };

/** The values the form starts with. */
export function magicLinkDefaults(context: Pick<MagicLinkContext, 'defaultIntegrationType'>): Partial<MagicLinkValues> {
  return {
    testAccount: context.defaultIntegrationType === 'test',
    showScopeControl: false,
    showCustomMapping: true,
    customMappingRequired: false,
    connectorType: 'unified-api-sync',
    language: 'en',
  };
}

/** The connector types offered: AI connector types only when connectors exist. */
export function connectorTypesFor(context: Pick<MagicLinkContext, 'connectors'>): ConnectorType[] {
  return context.connectors.length ? ['unified-api-sync', 'ai-connectors', 'both-unified-ai'] : ['unified-api-sync'];
}

const asksCategories = (type: ConnectorType | undefined) => type !== 'ai-connectors';
const asksConnectors = (type: ConnectorType | undefined) => type === 'ai-connectors' || type === 'both-unified-ai';

/** The languages offered: English first, then the organisation's other options. */
function languagesFor(context: Pick<MagicLinkContext, 'languages'>): Option[] {
  const others = context.languages.filter((option) => option.value !== 'en');
  return [context.languages.find((option) => option.value === 'en') ?? ENGLISH, ...others];
}

// The organisation's choices narrow the contract's values (`enum`) and carry their labels in the
// uiSchema (`ui:enumNames`): the schema keeps the contract's shape, so the validators codegen
// compiled from it still apply (forms/validator.ts).
const valuesOf = (options: readonly Option[]) => options.map((option) => option.value);
const labelsOf = (options: readonly Option[]) => Object.fromEntries(options.map((option) => [option.value, option.label]));

/**
 * The generated form definition for this organisation and the current connector type: the
 * category, language and connector fields become choices of what exists, and the fields the
 * connector type does not ask for are left out (so they are neither shown nor sent).
 */
export function magicLinkFormFor(context: MagicLinkContext, values: Partial<MagicLinkValues>): FormDefinition {
  const base = magicLinkForm.schema as JsonSchema & { properties: Record<string, JsonSchema> };
  const properties: Record<string, JsonSchema> = { ...base.properties };
  const types = connectorTypesFor(context);
  const type = types.includes(values.connectorType ?? 'unified-api-sync') ? values.connectorType : 'unified-api-sync';

  properties.connectorType = { ...properties.connectorType, enum: types };
  properties.language = { ...properties.language, enum: valuesOf(languagesFor(context)) };

  if (asksCategories(type) && context.categories.length) {
    properties.categories = { ...properties.categories, items: { type: 'string', enum: valuesOf(context.categories) } };
  } else {
    delete properties.categories;
  }
  if (asksConnectors(type) && context.connectors.length) {
    properties.connectorIds = { ...properties.connectorIds, items: { type: 'string', enum: valuesOf(context.connectors) } };
  } else {
    delete properties.connectorIds;
  }
  // The if/then rules name fields that may be left out above; they stay only for the fields asked for.
  const allOf = ((base.allOf as JsonSchema[] | undefined) ?? []).filter((rule) => {
    const required = ((rule.then as JsonSchema | undefined)?.required as string[] | undefined) ?? [];
    return required.every((name) => name in properties);
  });
  // The contract's descriptions are written for developers (they name fields and constants); the
  // form shows its own help texts (magicLinkUiSchema) instead.
  const { description: _rootDescription, ...root } = base;
  for (const [name, property] of Object.entries(properties)) {
    const { description: _description, ...rest } = property;
    properties[name] = rest;
  }
  return { ...magicLinkForm, schema: { ...root, properties, allOf } };
}

/** uiSchema over the generated one: the connector type is hidden while it has one choice. */
export function magicLinkUiSchema(context: MagicLinkContext): UiSchema {
  return {
    testAccount: { 'ui:description': 'Test accounts expire; production accounts do not.' },
    showScopeControl: { 'ui:description': 'Let the end user choose the data models they grant.' },
    showCustomMapping: { 'ui:description': 'Show the field-mapping step to the end user.' },
    customMappingRequired: { 'ui:description': 'The end user must complete the field-mapping step.' },
    connectorType:
      connectorTypesFor(context).length > 1
        ? { 'ui:widget': 'radio', 'ui:options': { inline: true }, 'ui:enumNames': CONNECTOR_TYPE_LABELS }
        : { 'ui:widget': 'hidden' },
    categories: {
      'ui:widget': 'checkboxes',
      'ui:options': { inline: true },
      'ui:description': 'The categories of apps the end user may connect.',
      items: { 'ui:enumNames': labelsOf(context.categories) },
    },
    connectorIds: { 'ui:widget': 'checkboxes', 'ui:description': 'The AI connectors the end user may connect.', items: { 'ui:enumNames': labelsOf(context.connectors) } },
    language: { 'ui:description': 'Language of the screens the end user sees.', 'ui:enumNames': labelsOf(languagesFor(context)) },
  };
}

/** Values without the fields the current form does not ask for (they would fail additionalProperties). */
export function keepAsked(form: FormDefinition, values: Partial<MagicLinkValues>): Partial<MagicLinkValues> {
  const properties = (form.schema.properties ?? {}) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(values).filter(([key]) => key in properties)) as Partial<MagicLinkValues>;
}
