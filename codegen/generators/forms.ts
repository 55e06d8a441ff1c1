// x-form -> src/generated/forms/<formName>.ts: a request-body schema made ready for rjsf and ajv
// ($refs inlined, OpenAPI-only keywords and vendor extensions removed), plus what the extensions
// say about it (uiSchema from x-ui, messages from x-messages, x-trim fields). The dashboard and
// the engine read the same messages, so a rule and its wording live in the contract once.
import { checkKeys, isDashboardService, isObject, type Service } from '../extensions.ts';
import { deref, listOperations, requestSchema, type BundledDocument, type SchemaObject } from '../openapi.ts';
import type { FormDefinition, MessageKeyword, UiSchema } from '../templates/formTypes.ts';
import { compareText, literal } from '../format.ts';
import type { GeneratedFile } from '../pipeline.ts';
import { validatorsModule } from './formValidators.ts';

export const FORMS_GENERATOR = 'codegen/generators/forms.ts';

/** A form as collected from the contract; its validators are compiled from it (formValidators.ts). */
export type FormDraft = Omit<FormDefinition, 'validators'>;

const MESSAGE_KEYWORDS: readonly MessageKeyword[] = [
  'required', 'format', 'pattern', 'minLength', 'maxLength', 'minItems', 'enum', 'type', 'minimum', 'maximum', 'const',
];
const UI_KEYS = ['widget', 'placeholder', 'help', 'order', 'disabledUnless'];
/** OpenAPI keywords that are not JSON Schema: ajv in strict mode rejects them. */
const OPENAPI_ONLY = new Set(['example', 'discriminator', 'xml', 'externalDocs', 'nullable']);
/** Keywords whose value is a map of name -> schema. */
const SCHEMA_MAPS = ['properties', 'patternProperties', 'dependentSchemas', '$defs'];
/** Keywords whose value is a list of schemas. */
const SCHEMA_LISTS = ['allOf', 'oneOf', 'anyOf', 'prefixItems'];
/** Keywords whose value is one schema. */
const SCHEMA_SINGLES = ['not', 'if', 'then', 'else', 'contains', 'propertyNames', 'additionalProperties'];

interface Walk {
  doc: BundledDocument;
  where: string;
  problems: string[];
  form: Pick<FormDefinition, 'messages' | 'trim' | 'disabledUnless'>;
  uiSchema: UiSchema;
  refStack: string[];
}

/** Reads and validates every x-form schema of one document. */
export function collectForms(doc: BundledDocument, service: Service): { forms: FormDraft[]; problems: string[] } {
  const forms: FormDraft[] = [];
  const problems: string[] = [];
  for (const [schemaName, schema] of Object.entries(doc.components?.schemas ?? {})) {
    if (schema['x-form'] === undefined) continue;
    const where = `${service} schema ${schemaName} (x-form)`;
    if (!isDashboardService(service)) {
      problems.push(`${where}: x-form is only for documents the dashboard calls`);
      continue;
    }
    const name = schema['x-form'];
    if (typeof name !== 'string' || !/^[a-z][A-Za-z0-9]*$/.test(name)) {
      problems.push(`${where}: x-form must be a lowerCamel form name, not '${String(name)}'`);
      continue;
    }
    const walk: Walk = {
      doc,
      where,
      problems,
      form: { messages: {}, trim: [], disabledUnless: {} },
      uiSchema: {},
      refStack: [`#/components/schemas/${schemaName}`],
    };
    const inlined = inline(walk, schema, [], []);
    forms.push({
      name,
      schemaName,
      schema: inlined,
      uiSchema: walk.uiSchema,
      messages: walk.form.messages,
      trim: walk.form.trim,
      disabledUnless: walk.form.disabledUnless,
      operationId: findOperation(doc, schemaName),
      service,
    });
  }
  return { forms, problems };
}

/** Form names share one folder: they must be unique across services. */
export function checkFormNames(forms: FormDraft[]): string[] {
  const seen = new Map<string, string>();
  const problems: string[] = [];
  for (const form of forms) {
    const where = `${form.service} ${form.schemaName}`;
    const first = seen.get(form.name);
    if (first) problems.push(`x-form name '${form.name}' is used by ${first} and ${where}`);
    else seen.set(form.name, where);
  }
  return problems;
}

/**
 * Copies a schema with $refs replaced by their targets. `dataPath` names the value (`list.*.email`),
 * `uiPath` the matching uiSchema node (`list.items.email`).
 */
function inline(walk: Walk, node: SchemaObject, dataPath: string[], uiPath: string[]): SchemaObject {
  let schema = node;
  let pushed = 0;
  while (typeof schema.$ref === 'string') {
    if (walk.refStack.includes(schema.$ref)) {
      walk.problems.push(`${walk.where}: ${schema.$ref} refers to itself; a form schema cannot be recursive`);
      return {};
    }
    walk.refStack.push(schema.$ref);
    pushed++;
    const { $ref, ...siblings } = schema;
    schema = { ...deref(walk.doc, { $ref }), ...siblings };
  }
  readExtensions(walk, schema, dataPath, uiPath);
  const out: SchemaObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key.startsWith('x-') || OPENAPI_ONLY.has(key)) continue;
    if (SCHEMA_MAPS.includes(key) && isObject(value)) {
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, sub]) => [
          name,
          key === 'properties'
            ? inline(walk, sub as SchemaObject, [...dataPath, name], [...uiPath, name])
            : inline(walk, sub as SchemaObject, dataPath, uiPath),
        ]),
      );
    } else if (SCHEMA_LISTS.includes(key) && Array.isArray(value)) {
      out[key] = value.map((sub) => inline(walk, sub as SchemaObject, dataPath, uiPath));
    } else if ((SCHEMA_SINGLES.includes(key) && isObject(value)) || (key === 'items' && isObject(value))) {
      const [subData, subUi] = key === 'items' ? [[...dataPath, '*'], [...uiPath, 'items']] : [dataPath, uiPath];
      out[key] = inline(walk, value as SchemaObject, subData, subUi);
    } else {
      out[key] = value;
    }
  }
  if (isObject(schema.properties)) readOrder(walk, schema, uiPath, dataPath);
  walk.refStack.length -= pushed;
  return out;
}

function readExtensions(walk: Walk, schema: SchemaObject, dataPath: string[], uiPath: string[]): void {
  const path = dataPath.join('.');
  const where = `${walk.where} at '${path || '(root)'}'`;
  const messages = schema['x-messages'];
  if (messages !== undefined) {
    if (!isObject(messages)) walk.problems.push(`${where}: x-messages must map keywords to messages`);
    else {
      for (const [keyword, message] of Object.entries(messages)) {
        if (!MESSAGE_KEYWORDS.includes(keyword as MessageKeyword)) {
          walk.problems.push(`${where}: x-messages keyword '${keyword}' is not one of ${MESSAGE_KEYWORDS.join(', ')}`);
        } else if (typeof message !== 'string' || message === '') {
          walk.problems.push(`${where}: x-messages.${keyword} must be a non-empty string`);
        }
      }
      walk.form.messages[path] = { ...walk.form.messages[path], ...(messages as Record<MessageKeyword, string>) };
    }
  }
  if (schema['x-trim'] !== undefined) {
    if (schema['x-trim'] !== true || schema.type !== 'string') {
      walk.problems.push(`${where}: x-trim must be true, on a string property`);
    } else if (!(walk.form.trim as string[]).includes(path)) {
      (walk.form.trim as string[]).push(path);
    }
  }
  const ui = schema['x-ui'];
  if (ui === undefined) return;
  if (!isObject(ui)) {
    walk.problems.push(`${where}: x-ui must be an object`);
    return;
  }
  checkKeys(ui, UI_KEYS, `${where}: x-ui`, walk.problems);
  for (const key of ['widget', 'placeholder', 'help'] as const) {
    if (ui[key] === undefined) continue;
    if (typeof ui[key] !== 'string') walk.problems.push(`${where}: x-ui.${key} must be a string`);
    else uiNode(walk.uiSchema, uiPath)[`ui:${key}`] = ui[key];
  }
  if (ui.order !== undefined && !Number.isInteger(ui.order)) walk.problems.push(`${where}: x-ui.order must be an integer`);
  if (ui.disabledUnless !== undefined) {
    if (typeof ui.disabledUnless !== 'string') walk.problems.push(`${where}: x-ui.disabledUnless must name a property`);
    else walk.form.disabledUnless[path] = [...dataPath.slice(0, -1), ui.disabledUnless].join('.');
  }
}

/** `ui:order` from the properties' x-ui.order; disabledUnless must name a boolean sibling. */
function readOrder(walk: Walk, schema: SchemaObject, uiPath: string[], dataPath: string[]): void {
  const properties = Object.entries(schema.properties ?? {}).map(([name, sub]) => [name, deref(walk.doc, sub)] as const);
  for (const [name, sub] of properties) {
    const target = isObject(sub['x-ui']) ? sub['x-ui'].disabledUnless : undefined;
    if (typeof target !== 'string') continue;
    const controller = properties.find(([other]) => other === target)?.[1];
    if (!controller || controller.type !== 'boolean') {
      walk.problems.push(`${walk.where} at '${[...dataPath, name].join('.')}': x-ui.disabledUnless '${target}' is not a boolean sibling property`);
    }
  }
  const ordered = properties
    .map(([name, sub]) => ({ name, order: isObject(sub['x-ui']) ? sub['x-ui'].order : undefined }))
    .filter((entry): entry is { name: string; order: number } => Number.isInteger(entry.order))
    .sort((a, b) => a.order - b.order || compareText(a.name, b.name));
  if (ordered.length > 0) uiNode(walk.uiSchema, uiPath)['ui:order'] = [...ordered.map((entry) => entry.name), '*'];
}

function uiNode(root: UiSchema, path: string[]): UiSchema {
  let node = root;
  for (const step of path) {
    if (!isObject(node[step])) node[step] = {};
    node = node[step] as UiSchema;
  }
  return node;
}

/** The first operation whose request body is the schema, else one whose body contains it. */
function findOperation(doc: BundledDocument, schemaName: string): string | null {
  const ref = `#/components/schemas/${schemaName}`;
  const operations = listOperations(doc);
  const direct = operations.find(({ operation }) => requestSchema(doc, operation)?.$ref === ref);
  if (direct) return direct.operation.operationId ?? null;
  const nested = operations.find(({ operation }) => {
    const body = requestSchema(doc, operation);
    return body !== undefined && JSON.stringify(expandRefs(doc, body, new Set())).includes(JSON.stringify(ref));
  });
  return nested?.operation.operationId ?? null;
}

/** Collects every $ref reachable from a schema (cycle-safe), for findOperation. */
function expandRefs(doc: BundledDocument, node: unknown, seen: Set<string>): string[] {
  if (Array.isArray(node)) return node.flatMap((item) => expandRefs(doc, item, seen));
  if (!isObject(node)) return [];
  const refs: string[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string' && !seen.has(value)) {
      seen.add(value);
      refs.push(value, ...expandRefs(doc, deref(doc, { $ref: value }), seen));
    } else if (typeof value === 'object') refs.push(...expandRefs(doc, value, seen));
  }
  return refs;
}

export function renderForm(form: FormDraft): GeneratedFile {
  // The definition's data, then its validators (compiled from the same schema at codegen).
  const data = literal(form).replace(/\n}$/, ',\n  "validators": { rootKey, "functions": validators }\n}');
  const body = [
    `import type { FormDefinition } from './types.ts';`,
    `import { rootKey, validators } from '${validatorsModule(form.name)}';`,
    '',
    `/** The ${form.name} form: request body ${form.schemaName}${form.operationId ? ` of ${form.operationId}` : ''}. */`,
    `export const ${form.name}Form: FormDefinition = ${data};`,
    '',
  ].join('\n');
  return { path: `forms/${form.name}.ts`, generator: FORMS_GENERATOR, body };
}

export function renderFormIndex(forms: FormDraft[]): GeneratedFile {
  const sorted = [...forms].sort((a, b) => compareText(a.name, b.name));
  const body = [
    `import type { FormDefinition } from './types.ts';`,
    ...sorted.map(({ name }) => `import { ${name}Form } from './${name}.ts';`),
    '',
    `export * from './types.ts';`,
    '',
    `/** Every generated form by name, in name order. */`,
    `export const forms = {`,
    ...sorted.map(({ name }) => `  ${name}: ${name}Form,`),
    `} as const satisfies Record<string, FormDefinition>;`,
    '',
    `export type FormName = keyof typeof forms;`,
    '',
  ].join('\n');
  return { path: 'forms/index.ts', generator: FORMS_GENERATOR, body };
}
