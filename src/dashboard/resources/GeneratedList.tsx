import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, type ReactElement, type ReactNode } from 'react';
import { FilterContext, FilterForm, ListBase, Offline, useListContext } from 'react-admin';
import { useNavigate } from 'react-router';
import type { ColumnDefinition, ResourceDefinition } from '../../generated/resources/types.ts';
import type { Row } from '../components/columns/ColumnCell.tsx';
import { fillRoute, formatNumber } from '../components/columns/format.ts';
import { errorMessage } from '../providers/index.ts';
import { filterInputs } from './filterInputs.tsx';
import { GeneratedTable, STICKY_ACTIONS, tableStyles, type CellRenderers } from './GeneratedTable.tsx';
import { listSetupOf } from './listParams.ts';
import { ListParamsGuard } from './ListParamsGuard.tsx';
import { pagedByServer } from './pageSize.ts';
import { PagePager } from './PagePager.tsx';
import { listStaleTime } from './preloadedLists.ts';

/** Cell renderers replacing a column's generated cell, by the row field the column shows ('actions' for the actions column). */
type ListCells<F extends string> = Partial<Record<F | 'actions', (record: Row) => ReactNode>>;
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

interface RowLink {
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

// react-admin's table pagination (rows per page) is for the lists paged here (paging style none):
// a chunk of its own, which the server-paged lists (PagePager) never fetch.
const ListPagination = lazy(() => import('./ListPagination.tsx').then((module) => ({ default: module.ListPagination })));

function ErrorSlot({ text }: { text?: string | undefined }) {
  const { error } = useListContext();
  return text ? (
    <Alert severity="error" variant="outlined" sx={{ m: 2 }}>
      {text}
    </Alert>
  ) : (
    <Alert severity="warning" variant="outlined" sx={{ mt: 2 }}>
      This list could not be loaded: {errorMessage(error)}
    </Alert>
  );
}

interface ListLayoutProps {
  filters: ReactElement[];
  errorText: string | undefined;
  noWrap: boolean;
  pagination: ReactElement;
  children: ReactNode;
}

/**
 * react-admin's list page (ListView) as these lists use it: the filter bar, the card with the
 * list's content (or its error, or the offline notice), the paging under it. Without ListView's
 * title, actions, export and empty page, which these lists never show.
 */
function ListLayout({ filters, errorText, noWrap, pagination, children }: ListLayoutProps) {
  const { error, isPaused, isPending, isPlaceholderData } = useListContext();
  const offline = isPaused && (isPending || isPlaceholderData);
  return (
    <Box
      className="list-page"
      sx={{
        display: 'flex',
        // Only the table scrolls sideways; headers above it (charts, summaries) stay in place.
        '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
        [`& .${STICKY_ACTIONS}`]: { position: 'sticky', right: 0, zIndex: 1, bgcolor: 'background.paper', boxShadow: '-6px 0 6px -6px rgba(0, 0, 0, 0.2)' },
        // On a phone every filter takes the full width, so the bar reads as one column.
        '& .filter-field': { width: { xs: '100%', sm: 'auto' } },
        '& .filter-field > :not(.RaFilterFormInput-spacer)': { width: { xs: '100%', sm: 'auto' }, flex: { xs: 1, sm: 'initial' } },
        // react-admin's filter form hides every helper text; a filter's own messages (a search's
        // length, a range whose start is after its end) must show. Under their input, out of the
        // flow so the inputs stay aligned, in room the bar makes below itself while one shows.
        '& .RaList-actions form .MuiFormHelperText-root': { display: 'block', position: 'absolute', top: '100%', left: 0, whiteSpace: 'nowrap' },
        '& .RaList-actions form:has(.MuiFormHelperText-root)': { pb: 2.5 },
        ...tableStyles,
        ...(noWrap ? { '& .MuiTableCell-root': { whiteSpace: 'nowrap' } } : {}),
      }}
    >
      <Box className="RaList-main" sx={{ flex: '1 1 auto', display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0, ...(filters.length ? {} : { mt: '1em' }) }}>
        {filters.length > 0 && (
          <FilterContext.Provider value={filters}>
            {/* The filters sit on the page background, not on a paper strip of their own. */}
            <Box
              className="RaListToolbar-root RaList-actions"
              sx={{ display: 'flex', position: 'relative', justifyContent: 'space-between', alignItems: 'flex-end', width: '100%', flexWrap: { xs: 'inherit', sm: 'wrap', md: 'nowrap' }, flexDirection: { xs: 'column-reverse', sm: 'row' } }}
            >
              <FilterForm />
              <span />
            </Box>
          </FilterContext.Provider>
        )}
        {/* Wide tables scroll inside their card instead of widening the page. */}
        <Card className="RaList-content" sx={{ position: 'relative', overflow: 'inherit', minWidth: 0, boxShadow: { xs: 'none' } }}>
          {offline ? <Offline /> : error ? <ErrorSlot text={errorText} /> : children}
        </Card>
        {pagination}
      </Box>
    </Box>
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
  const setup = listSetupOf(definition, params, syncWithLocation);
  const pageSize = setup.perPage;
  const show = definition.show;
  const onRowClick = rowLink
    ? (record: Row) => {
        const link = rowLink(record);
        if (link) navigate(link.to, link.state === undefined ? undefined : { state: link.state });
      }
    : show
    ? (record: Row) => {
        const to = fillRoute(show, { ...params, ...record });
        if (to) navigate(to);
      }
    : undefined;
  const filters: ReactElement[] = filterInputs(definition.filters, filterOverrides);
  const cellTable = (cells ?? {}) as CellRenderers;

  return (
    <Box>
      <Box sx={{ mb: 3, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h3" component="h1">
          {heading ?? title}
        </Typography>
        {titleActions}
      </Box>
      <ListBase
        resource={setup.resource}
        filter={setup.filter}
        filterDefaultValues={setup.filterDefaultValues}
        // Searches debounce themselves (the contract's debounceMs); every other filter applies at once.
        debounce={0}
        perPage={pageSize}
        // A list of what the platform keeps adding (runs, records, deliveries, logs) reads its page
        // again on the contract's period while the tab is in view (react-query pauses it otherwise).
        queryOptions={{
          staleTime: listStaleTime,
          ...(onError ? { onError } : {}),
          ...(definition.refreshSeconds ? { refetchInterval: definition.refreshSeconds * 1000 } : {}),
        }}
        disableSyncWithLocation={setup.disableSyncWithLocation}
        storeKey={setup.storeKey}
      >
        <ListParamsGuard definition={definition} urlSynced={!setup.disableSyncWithLocation}>
          <ListLayout
            filters={filters}
            errorText={errorText}
            noWrap={noWrap}
            // Server-paged lists have a fixed page size (the contract's); a list paged here may change it.
            pagination={
              pagedByServer(definition) ? (
                <PagePager />
              ) : (
                <Suspense fallback={null}>
                  <ListPagination options={[pageSize, 25, 50]} />
                </Suspense>
              )
            }
          >
            {header}
            <Box sx={{ px: 2, pt: 1.5 }}>
              <TotalLine label={totalLabel ?? title} />
            </Box>
            <GeneratedTable definition={definition} cells={cellTable} selectColumns={selectColumns as GeneratedListProps['selectColumns']} onRowClick={onRowClick} emptyText={emptyText} />
          </ListLayout>
        </ListParamsGuard>
      </ListBase>
    </Box>
  );
}
