import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { KeyboardEvent, ReactNode } from 'react';
import { ListNoResults, useListContext, type RaRecord } from 'react-admin';
import type { ColumnDefinition, ResourceDefinition } from '../../generated/resources/types.ts';
import { ColumnCell, type Row } from '../components/columns/ColumnCell.tsx';
import { TableSkeleton } from '../components/TableSkeleton.tsx';
import { useScrollEdges } from './useScrollEdges.ts';
import { columnsOfView, viewOf } from './views.ts';

// The table of a generated list: the rows of the list's context under the columns of its current
// view, each cell the generated renderer of its column kind (components/columns) or the screen's
// own. MUI's table with react-admin's DataTable class names and look; DataTable itself also brings
// bulk selection, column reordering and its dialogs (~25 kB), which these lists never offer.

/** The row actions stay in view at the right edge of a wide table, however far it scrolls. */
export const STICKY_ACTIONS = 'list-row-actions';

/** Marks on the table's root: more columns past its left / right edge than the scroll box shows. */
const MORE_LEFT = 'RaDataTable-moreLeft';
const MORE_RIGHT = 'RaDataTable-moreRight';
const edgeShade = (side: 'left' | 'right') => ({
  content: '""',
  position: 'absolute',
  top: 0,
  bottom: 0,
  [side]: 0,
  width: 28,
  pointerEvents: 'none',
  zIndex: 3,
  background: `linear-gradient(to ${side}, rgba(15, 23, 42, 0), rgba(15, 23, 42, 0.12))`,
});

/** The styles DataTable gives its table, for the list's card (GeneratedList's sx), and the shaded edges of a table wider than its card. */
export const tableStyles = {
  '& .RaDataTable-root': { position: 'relative' },
  [`& .${MORE_LEFT}::before`]: edgeShade('left'),
  [`& .${MORE_RIGHT}::after`]: edgeShade('right'),
  '& .RaDataTable-table': { tableLayout: 'auto' },
  '& .RaDataTable-headerCell': {
    position: 'sticky',
    top: 0,
    zIndex: 2,
    bgcolor: 'background.paper',
    '&:first-of-type': { borderTopLeftRadius: (theme: { shape: { borderRadius: number } }) => theme.shape.borderRadius },
    '&:last-child': { borderTopRightRadius: (theme: { shape: { borderRadius: number } }) => theme.shape.borderRadius },
  },
  '& .RaDataTable-clickableRow': { cursor: 'pointer' },
  '& .RaDataTable-clickableRow:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
} as const;

/** Cell renderers by the row field a column shows ('actions' for the actions column). */
export type CellRenderers = Readonly<Record<string, ((record: Row) => ReactNode) | undefined>>;

export interface GeneratedTableProps {
  definition: ResourceDefinition;
  cells: CellRenderers;
  /** The generated columns this screen shows, given the current filter values (default: the contract's view of them). */
  selectColumns?: ((columns: readonly ColumnDefinition[], filterValues: Record<string, unknown>) => readonly ColumnDefinition[]) | undefined;
  /** A click on a row (the row leads somewhere); none: rows are not clickable. */
  onRowClick?: ((record: Row) => void) | undefined;
  /** Text of an empty table; react-admin's 'No results found' otherwise. */
  emptyText: ReactNode;
}

function EmptyTable({ text }: { text: ReactNode }) {
  return (
    <Typography variant="body2" sx={{ color: 'text.secondary', px: 2, py: 4, textAlign: 'center' }} data-testid="list-empty">
      {text}
    </Typography>
  );
}

/** The columns of the list's current view: all of the definition's, or the screen's selection. */
function useViewColumns(definition: ResourceDefinition, select: GeneratedTableProps['selectColumns']): readonly ColumnDefinition[] {
  const { filterValues } = useListContext();
  const values = (filterValues ?? {}) as Record<string, unknown>;
  return select ? select(definition.columns, values) : columnsOfView(definition, viewOf(definition, values));
}

/** The table, inside the list context so the columns can follow the current view. */
export function GeneratedTable({ definition, cells, selectColumns, onRowClick, emptyText }: GeneratedTableProps) {
  const columns = useViewColumns(definition, selectColumns).filter((column) => column.kind !== 'actions' || cells.actions);
  const { data, isPending, total, resource } = useListContext<RaRecord>();
  const [scrollBox, edges] = useScrollEdges();
  // The first page's placeholders at once, under the real headers.
  if (isPending) return <TableSkeleton columns={columns.map((column) => column.label)} rows={definition.paging.pageSize} />;
  if (!data?.length || total === 0) return emptyText ? <EmptyTable text={emptyText} /> : <ListNoResults resource={resource} />;
  const classOf = (column: ColumnDefinition, base: string) => [base, column.source ? `column-${column.source}` : '', column.kind === 'actions' ? STICKY_ACTIONS : ''].filter(Boolean).join(' ');
  // A sticky actions column is the right edge itself, with a shadow of its own.
  const stickyActions = columns.some((column) => column.kind === 'actions');
  const rootClass = ['RaDataTable-root', edges.left ? MORE_LEFT : '', edges.right && !stickyActions ? MORE_RIGHT : ''].filter(Boolean).join(' ');
  return (
    <div className={rootClass}>
      {/* The wrapper scrolls sideways on narrow screens: focusable, so the keyboard can scroll it too. */}
      <div ref={scrollBox} className="RaDataTable-tableWrapper" tabIndex={0} role="region" aria-label={`${definition.name} table`}>
        {/* A new column set is a new table (no stale column state between views). */}
        <Table key={columns.map((column) => column.source ?? column.label).join('|')} size="small" className="RaDataTable-table">
          <TableHead className="RaDataTable-thead">
            <TableRow className="RaDataTable-row RaDataTable-headerRow">
              {columns.map((column) => (
                <TableCell key={column.source ?? column.label} variant="head" className={classOf(column, 'RaDataTable-headerCell')}>
                  <span>{column.label}</span>
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody className="RaDataTable-tbody">
            {data.map((record, index) => (
              <TableRow
                key={String(record.id)}
                hover={Boolean(onRowClick)}
                className={`RaDataTable-row ${index % 2 ? 'RaDataTable-rowOdd' : 'RaDataTable-rowEven'}${onRowClick ? ' RaDataTable-clickableRow' : ''}`}
                onClick={onRowClick ? () => onRowClick(record as Row) : undefined}
                // A row that leads somewhere is reached with Tab and opened with Enter or Space, as
                // a click opens it; keys pressed on a control inside it (a row menu) stay its own.
                {...(onRowClick ? {
                  tabIndex: 0,
                  onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>) => {
                    if (event.target !== event.currentTarget || (event.key !== 'Enter' && event.key !== ' ')) return;
                    event.preventDefault();
                    onRowClick(record as Row);
                  },
                } : {})}
              >
                {columns.map((column) => {
                  const cell = cells[column.kind === 'actions' ? 'actions' : (column.source ?? '')];
                  return (
                    <TableCell key={column.source ?? column.label} className={classOf(column, 'RaDataTable-rowCell')}>
                      {cell ? cell(record as Row) : <ColumnCell column={column} record={record as Row} />}
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}
