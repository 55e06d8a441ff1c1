import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, type ReactElement, type ReactNode } from 'react';
import { DataTable, List, Pagination, useListContext, type RaRecord } from 'react-admin';
import { useNavigate } from 'react-router';
import type { ColumnDefinition, ResourceDefinition } from '../../generated/resources/types.ts';
import { ColumnCell, type Row } from '../components/columns/ColumnCell.tsx';
import { fillRoute, formatNumber } from '../components/columns/format.ts';
import { errorMessage } from '../providers/index.ts';
import { filterInputs, filterDefaults } from './filterInputs.tsx';
import { sanitizeFilters } from './filters/sanitize.ts';
import { columnsOfView, viewOf } from './views.ts';
import { PagePager } from './PagePager.tsx';

/** Cell renderers replacing a column's generated cell, by the row field the column shows ('actions' for the actions column). */
export type ListCells<F extends string> = Partial<Record<F | 'actions', (record: Row) => ReactNode>>;
/** Keys of C that are not F: each must be `never`, so a cell for a field the row lacks fails the typecheck. */
type OnlyKeysOf<C, F extends string> = { [K in Exclude<keyof C, F | 'actions'>]: never };

export interface GeneratedListProps<F extends string = string, S extends string = string> {
  definition: ResourceDefinition<F, S>;
  /** Route params (jobId, syncRunId, ...) and fixed request values: sent with every call as permanent filters. */
  params?: Record<string, string | boolean>;
  title: string;
  // Composition points for hand-written screens (resources/<name>/): they extend the generated
  // definition instead of copying its columns.
  /** Inputs replacing the generated input of a filter, by the filter's source (a screen-specific widget). */
  filterOverrides?: Partial<Record<NoInfer<S>, ReactElement>>;
  /** Rendered inside the list context between the filters and the table (summary cards, charts). */
  header?: ReactNode;
  /** Heading shown instead of the title (an organisation's name), and buttons beside it. */
  heading?: ReactNode;
  titleActions?: ReactNode;
  /** Keep filters and page in the URL also when the route has params (default: only without). */
  syncWithLocation?: boolean;
  /** Text of an empty table (a node may read the list context: 'no run yet' vs 'none in this range'). */
  emptyText?: ReactNode;
  /** Label of the total above the table (x-resource `total`), instead of the title ('Total Active Syncs'). */
  totalLabel?: string;
  /** The generated columns this screen shows, given the current filter values (default: the contract's view of them). */
  selectColumns?: (columns: readonly ColumnDefinition<F>[], filterValues: Record<string, unknown>) => readonly ColumnDefinition<F>[];
  /** Where a row leads, with route state, instead of the definition's show route; undefined: nowhere. */
  rowLink?: (record: Row) => RowLink | undefined;
  /** Called when the list call fails (react-admin's default toast is replaced), e.g. to go back on a 404. */
  onError?: (error: unknown) => void;
  /** What the table says when the list call failed, instead of the call's message ('Something went wrong'). */
  errorText?: string;
  /** Keep every cell on one line (wide tables then scroll inside their card instead of growing tall rows). */
  noWrap?: boolean;
}

export interface RowLink {
  to: string;
  state?: unknown;
}

/** The total shown above the table (x-resource `total`), which the dataProvider returns in meta. */
function TotalLine({ label }: { label: string }) {
  const { meta, isPending } = useListContext() as ReturnType<typeof useListContext> & { meta?: { total?: unknown } };
  if (isPending || meta?.total === undefined) return null;
  return (
    <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="list-total">
      {label}: <Box component="span" sx={{ color: 'text.primary', fontWeight: 600 }}>{formatNumber(meta.total)}</Box>
    </Typography>
  );
}

function ListError({ error }: { error: unknown }) {
  return (
    <Alert severity="warning" variant="outlined" sx={{ mt: 2 }}>
      This list could not be loaded: {errorMessage(error)}
    </Alert>
  );
}

/** Paging controls, hidden while the list is in error (there is nothing to page through). */
function ListPagination({ options }: { options: number[] }) {
  const { error } = useListContext();
  return error ? null : <Pagination rowsPerPageOptions={options} />;
}

function EmptyTable({ text }: { text: ReactNode }) {
  return (
    <Typography variant="body2" sx={{ color: 'text.secondary', px: 2, py: 4, textAlign: 'center' }} data-testid="list-empty">
      {text}
    </Typography>
  );
}

function ErrorSlot({ text }: { text?: string | undefined }) {
  const { error } = useListContext();
  return text ? (
    <Alert severity="error" variant="outlined" sx={{ m: 2 }}>
      {text}
    </Alert>
  ) : (
    <ListError error={error} />
  );
}

/**
 * Puts a filter set the contract refuses (from the URL, the stored list state or a link) back to
 * valid values and defaults, in the URL and the store too, so a broken filter never sticks.
 */
function FilterGuard({ definition }: { definition: ResourceDefinition }) {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const { values, changed } = sanitizeFilters(definition, (filterValues ?? {}) as Record<string, unknown>);
  useEffect(() => {
    if (changed) setFilters(values, displayedFilters);
  });
  return null;
}

/** The row actions stay in view at the right edge of a wide table, however far it scrolls. */
const STICKY_ACTIONS = 'list-row-actions';

/** The columns of the list's current view: all of the definition's, or the screen's selection. */
function useViewColumns(definition: ResourceDefinition, select: GeneratedListProps['selectColumns']): readonly ColumnDefinition[] {
  const { filterValues } = useListContext();
  const values = (filterValues ?? {}) as Record<string, unknown>;
  return select ? select(definition.columns, values) : columnsOfView(definition, viewOf(definition, values));
}

interface TableProps {
  definition: ResourceDefinition;
  cells: Readonly<Record<string, ((record: Row) => ReactNode) | undefined>>;
  selectColumns: GeneratedListProps['selectColumns'];
  rowClick: false | ((id: unknown, resource: string, record: RaRecord) => false);
  hover: boolean;
  emptyText: ReactNode;
}

/** The table, inside the list context so the columns can follow the current view. */
function GeneratedTable({ definition, cells, selectColumns, rowClick, hover, emptyText }: TableProps) {
  const columns = useViewColumns(definition, selectColumns).filter((column) => column.kind !== 'actions' || cells.actions);
  return (
    // A new column set is a new table (no stale column state between views).
    <DataTable key={columns.map((column) => column.source ?? column.label).join('|')} rowClick={rowClick} bulkActionButtons={false} hover={hover} {...(emptyText ? { empty: <EmptyTable text={emptyText} /> } : {})}>
      {columns.map((column) => (
        <DataTable.Col
          key={column.source ?? column.label}
          label={column.label}
          source={column.source}
          disableSort
          {...(column.kind === 'actions' ? { cellClassName: STICKY_ACTIONS, headerClassName: STICKY_ACTIONS } : {})}
          render={(record: RaRecord) => {
            const cell = cells[column.kind === 'actions' ? 'actions' : (column.source ?? '')];
            return cell ? cell(record as Row) : <ColumnCell column={column} record={record as Row} />;
          }}
        />
      ))}
    </DataTable>
  );
}

/**
 * The generic list screen of a generated resource: the definition's columns rendered by kind
 * (components/columns), its filters, paging as the contract says, and a row click to the detail
 * route when the definition has one.
 */
export function GeneratedList<F extends string, S extends string, C extends ListCells<NoInfer<F>> = ListCells<NoInfer<F>>>(
  { definition, params = {}, title, cells, header, heading, titleActions, syncWithLocation, emptyText, totalLabel, selectColumns, rowLink, onError, errorText, noWrap = false, filterOverrides }:
  GeneratedListProps<F, S> & { cells?: C & OnlyKeysOf<C, NoInfer<F>> },
) {
  const navigate = useNavigate();
  const pageSize = definition.paging.pageSize ?? 10;
  const show = definition.show;
  const rowClick = rowLink
    ? (_id: unknown, _resource: string, record: RaRecord) => {
        const link = rowLink(record as Row);
        if (link) navigate(link.to, link.state === undefined ? undefined : { state: link.state });
        return false as const;
      }
    : show
    ? (_id: unknown, _resource: string, record: RaRecord) => {
        const to = fillRoute(show, { ...params, ...record });
        if (to) navigate(to);
        return false as const;
      }
    : false;
  const filters: ReactElement[] = filterInputs(definition.filters, filterOverrides);
  const cellTable = (cells ?? {}) as Readonly<Record<string, ((record: Row) => ReactNode) | undefined>>;

  return (
    <Box>
      <Box sx={{ mb: 3, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h3" component="h1">
          {heading ?? title}
        </Typography>
        {titleActions}
      </Box>
      <List
        resource={definition.name}
        filter={params}
        filters={filters.length ? filters : undefined}
        filterDefaultValues={filterDefaults(definition.filters)}
        // Searches debounce themselves (the contract's debounceMs); every other filter applies at once.
        debounce={0}
        perPage={pageSize}
        // Server-paged lists have a fixed page size (the contract's); a list paged here may change it.
        pagination={definition.paging.style !== 'none' ? <PagePager /> : <ListPagination options={[pageSize, 25, 50]} />}
        actions={false}
        empty={false}
        error={<ErrorSlot text={errorText} />}
        {...(onError ? { queryOptions: { onError } } : {})}
        title={title}
        disableSyncWithLocation={!(syncWithLocation ?? Object.keys(params).length === 0)}
        storeKey={`${definition.name}.${Object.values(params).join('.') || 'list'}`}
        // Wide tables scroll inside their card instead of widening the page.
        // The filters sit on the page background, not on a paper strip of their own.
        sx={{
          '& .RaList-main': { gap: 1.5, minWidth: 0 },
          // Only the table scrolls sideways; headers above it (charts, summaries) stay in place.
          '& .RaList-content': { minWidth: 0 },
          '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
          [`& .${STICKY_ACTIONS}`]: { position: 'sticky', right: 0, zIndex: 1, bgcolor: 'background.paper', boxShadow: '-6px 0 6px -6px rgba(0, 0, 0, 0.2)' },
          '& .RaListToolbar-root': { bgcolor: 'transparent' },
          // On a phone every filter takes the full width, so the bar reads as one column.
          '& .RaList-actions': { bgcolor: 'transparent' },
          '& .filter-field': { width: { xs: '100%', sm: 'auto' } },
          '& .filter-field > :not(.RaFilterFormInput-spacer)': { width: { xs: '100%', sm: 'auto' }, flex: { xs: 1, sm: 'initial' } },
          ...(noWrap ? { '& .MuiTableCell-root': { whiteSpace: 'nowrap' } } : {}),
        }}
      >
        <FilterGuard definition={definition} />
        {header}
        <Box sx={{ px: 2, pt: 1.5 }}>
          <TotalLine label={totalLabel ?? title} />
        </Box>
        <GeneratedTable definition={definition} cells={cellTable} selectColumns={selectColumns as GeneratedListProps['selectColumns']} rowClick={rowClick} hover={Boolean(show || rowLink)} emptyText={emptyText} />
      </List>
    </Box>
  );
}
