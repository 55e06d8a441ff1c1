// The shape of a generated react-admin resource definition. Codegen reads x-resource and
// x-paging from the contract and writes one such object per list operation; the dashboard turns
// it into list and show screens. `Field` is the row type's field names (from the generated API
// types), so a column source that is not a row field fails to typecheck as well as failing codegen.

export const COLUMN_KINDS = [
  'text',
  'number',
  'date',
  'integrationState',
  'statusCode',
  'appIcons',
  'app',
  'link',
  'syncStatus',
  'syncType',
  'syncFrequency',
  'upcomingSync',
  'boolean',
  'email',
  'role',
  'capability',
  'money',
  'actions',
] as const;
export type ColumnKind = (typeof COLUMN_KINDS)[number];

export const FILTER_KINDS = ['select', 'multiselect', 'search', 'dateRange', 'timeFilter', 'toggle'] as const;
export type FilterKind = (typeof FILTER_KINDS)[number];

export type PagingStyle = 'cursor' | 'pageNumber' | 'none';

export interface Paging {
  style: PagingStyle;
  pageSize?: number;
}

export interface ColumnDefinition<Field extends string = string> {
  /** Row field shown in the column; absent only for `actions`. */
  source?: Field;
  label: string;
  kind: ColumnKind;
  /** For `link`: the route, params in braces filled from row fields. */
  link?: string;
  /** For `appIcons`: how many icons before "+N". */
  overflow?: number;
  /** For `date`: the unit of the integer timestamp (the field's x-timestamp). */
  timestampUnit?: 's' | 'ms';
  /** The labels of the field's enum values (its schema's x-enum-labels), shown instead of the values. */
  labels?: Readonly<Record<string, string>>;
}

/** Where a select's choices come from when they are data, not an enum: a GET operation's list. */
export interface ChoicesFrom<Source extends string = string> {
  /** The engine path of the GET operation (e.g. /app.filtersMetadata). */
  path: string;
  operationId: string;
  /** Fixed query parameters of the call (pageId). */
  query: Readonly<Record<string, string>>;
  /** Property of the response's `msg` holding `{ value, label }` choices. */
  list: string;
  /** Query parameters of the call set from this list's current filters (narrowing), by parameter. */
  narrowBy?: Readonly<Record<string, Source>>;
}

export interface FilterDefinition<Source extends string = string> {
  /** Query parameter (GET) or request-body property (POST) the filter sets. */
  source: Source;
  label: string;
  kind: FilterKind;
  default?: string | number | boolean;
  /** The filter schema's enum (for multiselect, its items' enum). */
  choices?: readonly (string | number | boolean)[];
  /** Labels of enum values (the enum schema's x-enum-labels); a value without one is shown as is. */
  choiceLabels?: Readonly<Record<string, string>>;
  /** Choices loaded from an operation (a select over data: apps, organisations). */
  choicesFrom?: ChoicesFrom<Source>;
  /** Type-ahead instead of a plain select (long data lists). */
  autocomplete?: boolean;
  /** dateRange: the parameter holding the range's end (the filter's own source holds its start). */
  end?: Source;
  /** dateRange: neither end may be later than today. */
  notAfterToday?: boolean;
  /** dateRange: without a range the list covers the last this-many days (shown in the inputs). */
  defaultDays?: number;
  /** Text filters (search, select over data): the longest value the parameter's schema allows (its maxLength). */
  maxLength?: number;
  /** search: applied only at this many characters or when emptied. */
  minLength?: number;
  /** search: applied this long after the last keystroke. */
  debounceMs?: number;
  in: 'query' | 'body';
}

/**
 * One view of a list whose operation serves several (the logs' API Calls / Webhooks): chosen by a
 * filter's value, it hides the columns whose fields only the other views' rows carry.
 */
export interface ListView<Field extends string = string, FilterSource extends string = string> {
  name: string;
  filter: FilterSource;
  value: string | number | boolean;
  hide: readonly Field[];
}

export interface ResourceDefinition<Field extends string = string, FilterSource extends string = string> {
  /** Route segment, i18n key and folder name of the resource. */
  name: string;
  service: 'engine' | 'ai';
  operationId: string;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Contract path of the list operation. */
  path: string;
  /** Dashboard list route; params in braces come from the route. */
  route: string;
  /** Dot path to the row array in the 200 response body. */
  rows: string;
  /** Dot path to the total shown above the table. */
  total?: string;
  rowId: Field;
  /** Detail route, params in braces filled from row fields. */
  show?: string;
  /** The screen reads its page again every refreshSeconds while it is in view (rows the platform adds as they come). */
  refreshSeconds?: number;
  paging: Paging;
  columns: readonly ColumnDefinition<Field>[];
  filters: readonly FilterDefinition<FilterSource>[];
  /** Views of one operation serving several (derived from the row schema's if/then/else). */
  views?: readonly ListView<Field, FilterSource>[];
}

/** The filter sources of a generated definition, so screens name filters the contract has. */
export type FilterSourceOf<D> = D extends ResourceDefinition<string, infer S> ? S : never;
/** The row fields of a generated definition, so screens name columns the contract has. */
export type FieldOf<D> = D extends ResourceDefinition<infer F, string> ? F : never;
