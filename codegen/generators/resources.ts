// x-resource -> src/generated/resources/<name>.ts: the react-admin list definition of every list
// operation. A platform team adds a row field and a column to the contract, runs codegen, and the
// list screen shows it; so this generator is strict: every column must name a real row field and
// every filter a real parameter or body property, or codegen fails with the reason.
import { checkKeys, isDashboardService, isObject, readPaging, routeParams, type DashboardService, type Service } from '../extensions.ts';
import {
  camelCase,
  deref,
  flattenSchema,
  listOperations,
  pascalCase,
  requestSchema,
  schemaAtPath,
  successSchema,
  type BundledDocument,
  type OperationEntry,
  type SchemaObject,
} from '../openapi.ts';
import {
  COLUMN_KINDS,
  FILTER_KINDS,
  type ColumnDefinition,
  type FilterDefinition,
  type ResourceDefinition,
} from '../templates/resourceTypes.ts';
import { compact, compareText, literal } from '../format.ts';
import type { GeneratedFile } from '../pipeline.ts';

export const RESOURCES_GENERATOR = 'codegen/generators/resources.ts';

const RESOURCE_KEYS = ['name', 'route', 'rows', 'total', 'rowId', 'show', 'columns', 'filters', 'title', 'menu', 'views', 'refreshSeconds'];
const COLUMN_KEYS = ['source', 'label', 'kind', 'link', 'overflow'];
const FILTER_KEYS = ['source', 'label', 'kind', 'default', 'choicesFrom', 'autocomplete', 'end', 'notAfterToday', 'defaultDays', 'minLength', 'debounceMs'];
const CHOICES_FROM_KEYS = ['operation', 'query', 'list', 'narrowBy'];

export interface ResourceDraft {
  definition: ResourceDefinition;
  /** Dot path steps from the 200 body to the row array, for the generated row type. */
  rowsPath: string[];
  /** Screen title of the list route (routes generator). */
  title?: string;
  /** Raw menu entry of the list route, read by the routes generator. */
  menu?: unknown;
}

/** Reads and validates every x-resource of one document. */
export function collectResources(
  doc: BundledDocument,
  service: Service,
): { drafts: ResourceDraft[]; problems: string[] } {
  const drafts: ResourceDraft[] = [];
  const problems: string[] = [];
  for (const entry of listOperations(doc)) {
    const raw = entry.operation['x-resource'];
    if (raw === undefined) continue;
    if (!isDashboardService(service)) {
      problems.push(`${entry.label}: x-resource is only for documents the dashboard calls, not the ${service} document`);
      continue;
    }
    const draft = readResource(doc, service, entry, raw, problems);
    if (draft) drafts.push(draft);
  }
  return { drafts, problems };
}

/** Names must be unique across services: they share one folder, one route space, one i18n tree. */
export function checkResourceNames(drafts: ResourceDraft[]): string[] {
  const seen = new Map<string, string>();
  const problems: string[] = [];
  for (const { definition } of drafts) {
    const where = `${definition.service} ${definition.operationId}`;
    const first = seen.get(definition.name);
    if (first) problems.push(`x-resource name '${definition.name}' is used by ${first} and ${where}`);
    else seen.set(definition.name, where);
  }
  return problems;
}

function readResource(
  doc: BundledDocument,
  service: DashboardService,
  entry: OperationEntry,
  raw: unknown,
  problems: string[],
): ResourceDraft | undefined {
  const where = `${entry.label} x-resource`;
  const before = problems.length;
  if (!isObject(raw)) {
    problems.push(`${where}: must be an object`);
    return undefined;
  }
  checkKeys(raw, RESOURCE_KEYS, where, problems);
  for (const key of ['name', 'route', 'rows', 'rowId']) {
    if (typeof raw[key] !== 'string' || raw[key] === '') problems.push(`${where}: '${key}' is required (a string)`);
  }
  if (typeof raw.name === 'string' && !/^[a-z][A-Za-z0-9]*(-[a-z0-9]+)*$/.test(raw.name)) {
    problems.push(`${where}: name '${raw.name}' must be a route segment such as 'accounts' or 'sync-runs'`);
  }
  if (!Array.isArray(raw.columns) || raw.columns.length === 0) problems.push(`${where}: 'columns' must be a non-empty list`);
  if (problems.length > before) return undefined;

  const body = successSchema(doc, entry.operation);
  if (!body) {
    problems.push(`${where}: the operation has no application/json 200 response to read rows from`);
    return undefined;
  }
  const rows = raw.rows as string;
  const rowsSchema = schemaAtPath(doc, body, rows);
  const itemSchema = rowsSchema?.items;
  if (!rowsSchema || !itemSchema) {
    problems.push(`${where}: rows '${rows}' is not an array in the 200 response schema`);
    return undefined;
  }
  const row = flattenSchema(doc, itemSchema);
  const rowFields = Object.keys(row.properties ?? {});
  if (typeof raw.total === 'string' && !schemaAtPath(doc, body, raw.total)) {
    problems.push(`${where}: total '${raw.total}' is not in the 200 response schema`);
  }
  const rowId = raw.rowId as string;
  if (!rowFields.includes(rowId)) problems.push(`${where}: rowId '${rowId}' is not a field of the row schema (${rowFields.join(', ')})`);
  for (const [key, template] of [['route', raw.route], ['show', raw.show]] as const) {
    if (template === undefined) continue;
    if (typeof template !== 'string' || !template.startsWith('/')) problems.push(`${where}: '${key}' must be a route starting with /`);
  }
  if (typeof raw.show === 'string') checkRowParams(raw.show, rowFields, `${where}: show`, problems);
  if (raw.refreshSeconds !== undefined && (!Number.isInteger(raw.refreshSeconds) || (raw.refreshSeconds as number) < 5)) {
    problems.push(`${where}: refreshSeconds must be a whole number of seconds, at least 5`);
  }

  const columns = (raw.columns as unknown[]).map((column, index) =>
    readColumn(doc, row, column, `${where} column ${index + 1}`, problems),
  );
  const rawFilters = raw.filters === undefined ? [] : raw.filters;
  if (!Array.isArray(rawFilters)) problems.push(`${where}: 'filters' must be a list`);
  const filters = (Array.isArray(rawFilters) ? rawFilters : []).map((filter, index) =>
    readFilter(doc, entry, filter, `${where} filter ${index + 1}`, problems),
  );
  const sources = new Set(filters.map((filter) => filter?.source));
  for (const filter of filters) {
    for (const [param, source] of Object.entries(filter?.choicesFrom?.narrowBy ?? {})) {
      if (!sources.has(source)) problems.push(`${where} filter '${filter!.source}': choicesFrom.narrowBy.${param} names '${source}', which is not a filter of this list`);
    }
  }
  const views = raw.views === undefined ? undefined : readViews(doc, itemSchema, raw.views, filters as FilterDefinition[], columns as ColumnDefinition[], `${where}: views`, problems);
  const paging = readPaging(entry.operation['x-paging'], entry.label, problems);
  if (problems.length > before) return undefined;

  const definition: ResourceDefinition = compact({
    name: raw.name as string,
    service,
    operationId: entry.operation.operationId as string,
    method: entry.method,
    path: entry.path,
    route: raw.route as string,
    rows,
    total: raw.total as string | undefined,
    rowId,
    show: raw.show as string | undefined,
    refreshSeconds: raw.refreshSeconds as number | undefined,
    paging,
    columns: columns as ColumnDefinition[],
    filters: filters as FilterDefinition[],
    views,
  });
  if (raw.title !== undefined && typeof raw.title !== 'string') problems.push(`${where}: 'title' must be a string`);
  return { definition, rowsPath: rows.split('.'), ...(typeof raw.title === 'string' ? { title: raw.title } : {}), ...(raw.menu !== undefined ? { menu: raw.menu } : {}) };
}

function checkRowParams(template: string, rowFields: string[], where: string, problems: string[]): void {
  for (const param of routeParams(template)) {
    if (!rowFields.includes(param)) problems.push(`${where} '${template}' uses {${param}}, which is not a row field`);
  }
}

function readColumn(
  doc: BundledDocument,
  row: SchemaObject,
  raw: unknown,
  where: string,
  problems: string[],
): ColumnDefinition | undefined {
  if (!isObject(raw)) {
    problems.push(`${where}: must be an object { source, label, kind }`);
    return undefined;
  }
  checkKeys(raw, COLUMN_KEYS, where, problems);
  const kind = raw.kind as ColumnDefinition['kind'];
  if (!COLUMN_KINDS.includes(kind)) {
    problems.push(`${where}: unknown column kind '${String(raw.kind)}' (kinds: ${COLUMN_KINDS.join(', ')})`);
  }
  if (typeof raw.label !== 'string') problems.push(`${where}: 'label' is required (a string)`);
  const rowFields = Object.keys(row.properties ?? {});
  let field: SchemaObject | undefined;
  if (kind === 'actions') {
    if (raw.source !== undefined) problems.push(`${where}: an actions column has no source`);
  } else if (typeof raw.source !== 'string') {
    problems.push(`${where}: 'source' is required for a ${String(raw.kind)} column`);
  } else {
    // Top-level fields only: the row type's keys type the column source.
    const property = row.properties?.[raw.source];
    field = property ? deref(doc, property) : undefined;
    if (!field) {
      problems.push(`${where}: source '${raw.source}' is not a field of the row schema (fields: ${rowFields.join(', ')})`);
    }
  }
  if (kind === 'link') {
    if (typeof raw.link !== 'string') problems.push(`${where}: a link column needs 'link: /route/{field}'`);
    else checkRowParams(raw.link, rowFields, `${where}: link`, problems);
  } else if (raw.link !== undefined) {
    problems.push(`${where}: 'link' is only for link columns`);
  }
  if (raw.overflow !== undefined && (!Number.isInteger(raw.overflow) || (raw.overflow as number) < 1)) {
    problems.push(`${where}: 'overflow' must be a positive integer`);
  }
  let timestampUnit: ColumnDefinition['timestampUnit'];
  if (field && field['x-timestamp'] !== undefined) {
    const unit = field['x-timestamp'];
    if (unit !== 's' && unit !== 'ms') problems.push(`${where}: the field's x-timestamp must be s or ms, not '${String(unit)}'`);
    else timestampUnit = unit;
  }
  if (kind === 'date' && field && field.type === 'integer' && !timestampUnit) {
    problems.push(`${where}: a date column on an integer field needs x-timestamp (s or ms) on '${String(raw.source)}'`);
  }
  return compact({
    source: raw.source as string | undefined,
    label: raw.label as string,
    kind,
    link: raw.link as string | undefined,
    overflow: raw.overflow as number | undefined,
    timestampUnit,
    labels: field ? readEnumLabels(field, `${where}: '${String(raw.source)}'`, problems) : undefined,
  });
}

/** A GET filter is a query parameter; other methods read the body first, then the query. */
function filterTarget(
  doc: BundledDocument,
  entry: OperationEntry,
  source: string,
): { in: 'query' | 'body'; schema: SchemaObject } | undefined {
  const body = entry.method === 'get' ? undefined : requestSchema(doc, entry.operation);
  const bodyField = body ? flattenSchema(doc, body).properties?.[source] : undefined;
  if (bodyField) return { in: 'body', schema: deref(doc, bodyField) };
  const param = entry.parameters.find((p) => p.in === 'query' && p.name === source);
  if (param) return { in: 'query', schema: deref(doc, param.schema ?? {}) };
  return undefined;
}

function readFilter(
  doc: BundledDocument,
  entry: OperationEntry,
  raw: unknown,
  where: string,
  problems: string[],
): FilterDefinition | undefined {
  if (!isObject(raw)) {
    problems.push(`${where}: must be an object { source, label, kind, default? }`);
    return undefined;
  }
  checkKeys(raw, FILTER_KEYS, where, problems);
  const kind = raw.kind as FilterDefinition['kind'];
  if (!FILTER_KINDS.includes(kind)) {
    problems.push(`${where}: unknown filter kind '${String(raw.kind)}' (kinds: ${FILTER_KINDS.join(', ')})`);
  }
  if (typeof raw.label !== 'string') problems.push(`${where}: 'label' is required (a string)`);
  if (typeof raw.source !== 'string') {
    problems.push(`${where}: 'source' is required`);
    return undefined;
  }
  const target = filterTarget(doc, entry, raw.source);
  if (!target) {
    problems.push(`${where}: source '${raw.source}' is neither a query parameter nor a request-body property`);
    return undefined;
  }
  const enumSchema = target.schema.type === 'array' && target.schema.items ? deref(doc, target.schema.items) : target.schema;
  const choices = enumSchema.enum as FilterDefinition['choices'] | undefined;
  // A select without an enum is legitimate: its choices are data (apps, organisations) the screen loads.
  if (kind === 'timeFilter' && !choices) problems.push(`${where}: a timeFilter filter needs an enum on '${raw.source}'`);
  const fallback = target.schema.default as FilterDefinition['default'] | undefined;
  const value = (raw.default ?? fallback) as FilterDefinition['default'] | undefined;
  if (raw.default !== undefined && !['string', 'number', 'boolean'].includes(typeof raw.default)) {
    problems.push(`${where}: default must be a string, number or boolean`);
  } else if (value !== undefined && choices && !choices.includes(value)) {
    problems.push(`${where}: default '${String(value)}' is not one of the choices (${choices.join(', ')})`);
  }
  const choiceLabels = readEnumLabels(enumSchema, `${where}: '${raw.source}'`, problems);
  const choicesFrom = raw.choicesFrom === undefined ? undefined : readChoicesFrom(doc, raw.choicesFrom, `${where}: choicesFrom`, problems);
  if (choicesFrom && kind !== 'select' && kind !== 'multiselect') problems.push(`${where}: choicesFrom is only for select and multiselect filters`);
  if (raw.autocomplete !== undefined && (typeof raw.autocomplete !== 'boolean' || !choicesFrom)) {
    problems.push(`${where}: 'autocomplete' is a boolean, for a filter with choicesFrom`);
  }
  if (kind === 'dateRange') {
    if (typeof raw.end !== 'string') problems.push(`${where}: a dateRange filter needs 'end', the parameter holding the range's end`);
    else if (!filterTarget(doc, entry, raw.end)) problems.push(`${where}: end '${raw.end}' is neither a query parameter nor a request-body property`);
  } else if (raw.end !== undefined || raw.notAfterToday !== undefined || raw.defaultDays !== undefined) {
    problems.push(`${where}: 'end', 'notAfterToday' and 'defaultDays' are only for dateRange filters`);
  }
  if (raw.defaultDays !== undefined && (!Number.isInteger(raw.defaultDays) || (raw.defaultDays as number) < 1)) {
    problems.push(`${where}: 'defaultDays' must be a positive integer`);
  }
  if (raw.notAfterToday !== undefined && typeof raw.notAfterToday !== 'boolean') problems.push(`${where}: 'notAfterToday' must be a boolean`);
  for (const key of ['minLength', 'debounceMs'] as const) {
    if (raw[key] === undefined) continue;
    if (kind !== 'search') problems.push(`${where}: '${key}' is only for search filters`);
    else if (!Number.isInteger(raw[key]) || (raw[key] as number) < 0) problems.push(`${where}: '${key}' must be a non-negative integer`);
  }
  return compact({
    source: raw.source, label: raw.label as string, kind, default: value, choices, choiceLabels, choicesFrom,
    autocomplete: raw.autocomplete as boolean | undefined, end: raw.end as string | undefined, notAfterToday: raw.notAfterToday as boolean | undefined, defaultDays: raw.defaultDays as number | undefined,
    maxLength: typeof target.schema.maxLength === 'number' ? target.schema.maxLength : undefined,
    minLength: raw.minLength as number | undefined, debounceMs: raw.debounceMs as number | undefined, in: target.in,
  });
}

/**
 * views: `{ filter, on, values: { <filter value>: <view name> } }`. The row schema tells the views
 * apart with if/then/else on `on` (`if: { properties: { on: { const: X } } }`): the fields `then`
 * requires belong to view X, those `else` requires to the other view, so each view hides the
 * columns of fields only the other carries. Nothing about the columns is restated here.
 */
function readViews(doc: BundledDocument, itemSchema: SchemaObject, raw: unknown, filters: FilterDefinition[], columns: ColumnDefinition[], where: string, problems: string[]): ResourceDefinition['views'] {
  if (!isObject(raw)) {
    problems.push(`${where}: must be an object { filter, on, values }`);
    return undefined;
  }
  checkKeys(raw, ['filter', 'on', 'values'], where, problems);
  const filter = filters.find((candidate) => candidate?.source === raw.filter);
  if (!filter) problems.push(`${where}: filter '${String(raw.filter)}' is not a filter of this list`);
  const values = isObject(raw.values) ? (raw.values as Record<string, string>) : {};
  if (Object.keys(values).length !== 2) problems.push(`${where}: values must map exactly two filter values to view names`);
  const row = deref(doc, itemSchema) as SchemaObject & { if?: SchemaObject; then?: SchemaObject; else?: SchemaObject };
  const on = typeof raw.on === 'string' ? raw.on : '';
  const thenValue = (row.if?.properties?.[on] as SchemaObject | undefined)?.const;
  if (thenValue === undefined || !row.then?.required || !row.else?.required) {
    problems.push(`${where}: the row schema must tell the views apart with if/then/else on '${on}' (if: { properties: { ${on}: { const } } }, then/else: { required })`);
    return undefined;
  }
  const shown = new Set(columns.map((column) => column.source));
  const only = (fields: string[], others: string[]) => fields.filter((field) => !others.includes(field) && shown.has(field));
  const thenFields = only(row.then.required as string[], row.else.required as string[]);
  const elseFields = only(row.else.required as string[], row.then.required as string[]);
  const parse = (text: string) => (text === 'true' ? true : text === 'false' ? false : text);
  return Object.entries(values).map(([value, name]) => ({
    name,
    filter: raw.filter as string,
    value: parse(value),
    hide: name === thenValue ? elseFields : thenFields,
  }));
}

/** x-enum-labels of an enum schema: a label for some or all of its values, and for no other value. */
export function readEnumLabels(schema: SchemaObject, where: string, problems: string[]): Record<string, string> | undefined {
  const raw = schema['x-enum-labels'];
  if (raw === undefined) return undefined;
  const values = (schema.enum ?? []).map(String);
  if (!isObject(raw)) {
    problems.push(`${where}: x-enum-labels must be an object { value: label }`);
    return undefined;
  }
  for (const [value, label] of Object.entries(raw)) {
    if (!values.includes(value)) problems.push(`${where}: x-enum-labels names '${value}', which is not in the enum (${values.join(', ')})`);
    if (typeof label !== 'string' || label === '') problems.push(`${where}: x-enum-labels.${value} must be a non-empty string`);
  }
  return raw as Record<string, string>;
}

/** choicesFrom: a GET operation of the same document whose `msg.<list>` holds `{ value, label }` choices. */
function readChoicesFrom(doc: BundledDocument, raw: unknown, where: string, problems: string[]): FilterDefinition['choicesFrom'] {
  if (!isObject(raw)) {
    problems.push(`${where}: must be an object { operation, query?, list, narrowBy? }`);
    return undefined;
  }
  checkKeys(raw, CHOICES_FROM_KEYS, where, problems);
  const source = listOperations(doc).find((candidate) => candidate.operation.operationId === raw.operation);
  if (!source) {
    problems.push(`${where}: operation '${String(raw.operation)}' is not an operation of this document`);
    return undefined;
  }
  if (source.method !== 'get') problems.push(`${where}: operation '${String(raw.operation)}' must be a GET`);
  const params = new Map(source.parameters.filter((p) => p.in === 'query').map((p) => [p.name, deref(doc, p.schema ?? {})]));
  const query = (raw.query ?? {}) as Record<string, unknown>;
  if (!isObject(query)) problems.push(`${where}: 'query' must be an object of fixed parameter values`);
  for (const [name, value] of Object.entries(query)) {
    const schema = params.get(name);
    if (!schema) problems.push(`${where}: query '${name}' is not a query parameter of ${String(raw.operation)}`);
    else if (schema.enum && !schema.enum.includes(value)) problems.push(`${where}: query ${name} '${String(value)}' is not one of ${schema.enum.join(', ')}`);
  }
  const narrowBy = (raw.narrowBy ?? {}) as Record<string, unknown>;
  for (const [name, filter] of Object.entries(narrowBy)) {
    if (!params.has(name)) problems.push(`${where}: narrowBy '${name}' is not a query parameter of ${String(raw.operation)}`);
    if (typeof filter !== 'string') problems.push(`${where}: narrowBy.${name} must name a filter of this list`);
  }
  const body = successSchema(doc, source.operation);
  const list = typeof raw.list === 'string' ? raw.list : '';
  const listSchema = body ? schemaAtPath(doc, body, `msg.${list}`) : undefined;
  const item = listSchema?.items ? flattenSchema(doc, deref(doc, listSchema.items)) : undefined;
  if (!item || !item.properties?.value || !item.properties?.label) {
    problems.push(`${where}: list '${list}' is not an array of { value, label } in the 200 response of ${String(raw.operation)}`);
  }
  return compact({
    path: source.path,
    operationId: raw.operation as string,
    query: query as Record<string, string>,
    list,
    narrowBy: Object.keys(narrowBy).length ? (narrowBy as Record<string, string>) : undefined,
  });
}

/** Body of `resources/<name>.ts`: the row type and the typed definition. */
export function renderResource(draft: ResourceDraft): GeneratedFile {
  const { definition, rowsPath } = draft;
  const rowType = `${pascalCase(definition.name)}Row`;
  let expression = `ListResponse`;
  for (const step of rowsPath) expression = `NonNullable<${expression}>[${JSON.stringify(step)}]`;
  const body = [
    `import type { operations } from '../api/${definition.service}.ts';`,
    `import type { ResourceDefinition } from './types.ts';`,
    '',
    `type ListResponse = operations[${JSON.stringify(definition.operationId)}]['responses'][200]['content']['application/json'];`,
    '',
    `/** One row of the ${definition.name} list (${definition.rows} of ${definition.operationId}). */`,
    `export type ${rowType} = NonNullable<${expression}>[number];`,
    '',
    `/** The filters of the ${definition.name} list, by the parameter each sets. */`,
    `export type ${pascalCase(definition.name)}FilterSource = ${definition.filters.length ? definition.filters.flatMap((f) => [f.source, ...(f.end ? [f.end] : [])]).map((source) => JSON.stringify(source)).join(' | ') : 'never'};`,
    '',
    `export const ${camelCase(definition.name)}Resource: ResourceDefinition<Extract<keyof ${rowType}, string>, ${pascalCase(definition.name)}FilterSource> = ${literal(definition)};`,
    '',
  ].join('\n');
  return { path: `resources/${definition.name}.ts`, generator: RESOURCES_GENERATOR, body };
}

/** Body of `resources/index.ts`: the registry the dashboard builds its menu and routes from. */
export function renderResourceIndex(drafts: ResourceDraft[]): GeneratedFile {
  const sorted = [...drafts].sort((a, b) => compareText(a.definition.name, b.definition.name));
  const lines = sorted.map(({ definition: { name } }) => `import { ${camelCase(name)}Resource } from './${name}.ts';`);
  const typeExports = sorted.map(({ definition: { name } }) => `export type { ${pascalCase(name)}Row } from './${name}.ts';`);
  const entries = sorted.map(({ definition: { name } }) => `  ${JSON.stringify(name)}: ${camelCase(name)}Resource,`);
  const body = [
    `import type { ResourceDefinition } from './types.ts';`,
    ...lines,
    '',
    `export * from './types.ts';`,
    ...typeExports,
    '',
    `/** Every generated resource by name, in name order. */`,
    `export const resources = {`,
    ...entries,
    `} as const satisfies Record<string, ResourceDefinition>;`,
    '',
    `export type ResourceName = keyof typeof resources;`,
    '',
    `export const resourceList: readonly ResourceDefinition[] = Object.values(resources);`,
    '',
  ].join('\n');
  return { path: 'resources/index.ts', generator: RESOURCES_GENERATOR, body };
}
