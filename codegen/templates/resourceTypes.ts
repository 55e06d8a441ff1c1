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
}

export interface FilterDefinition {
  /** Query parameter (GET) or request-body property (POST) the filter sets. */
  source: string;
  label: string;
  kind: FilterKind;
  default?: string | number | boolean;
  /** The filter schema's enum (for multiselect, its items' enum). */
  choices?: readonly (string | number | boolean)[];
  in: 'query' | 'body';
}

export interface ResourceDefinition<Field extends string = string> {
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
  paging: Paging;
  columns: readonly ColumnDefinition<Field>[];
  filters: readonly FilterDefinition[];
}
