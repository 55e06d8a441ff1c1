import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { DataTable, List, Pagination, useListContext, type RaRecord } from 'react-admin';
import { useNavigate } from 'react-router';
import type { ResourceDefinition } from '../../generated/resources/types.ts';
import { ColumnCell, type Row } from '../components/columns/ColumnCell.tsx';
import { fillRoute, formatNumber } from '../components/columns/format.ts';
import { errorMessage } from '../providers/index.ts';
import { filterInputs, filterDefaults } from './filterInputs.tsx';

export interface GeneratedListProps {
  definition: ResourceDefinition;
  /** Route params (jobId, syncRunId, ...): sent with every call as permanent filters. */
  params?: Record<string, string>;
  title: string;
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

function ErrorSlot() {
  const { error } = useListContext();
  return <ListError error={error} />;
}

/**
 * The generic list screen of a generated resource: the definition's columns rendered by kind
 * (components/columns), its filters, paging as the contract says, and a row click to the detail
 * route when the definition has one.
 */
export function GeneratedList({ definition, params = {}, title }: GeneratedListProps) {
  const navigate = useNavigate();
  const columns = definition.columns.filter((column) => column.kind !== 'actions');
  const pageSize = definition.paging.pageSize ?? 10;
  const show = definition.show;
  const rowClick = show
    ? (_id: unknown, _resource: string, record: RaRecord) => {
        const to = fillRoute(show, { ...params, ...record });
        if (to) navigate(to);
        return false as const;
      }
    : false;
  const filters: ReactElement[] = filterInputs(definition.filters);

  return (
    <Box>
      <Box sx={{ mb: 3 }}>
        <Typography variant="h3" component="h1">
          {title}
        </Typography>
      </Box>
      <List
        resource={definition.name}
        filter={params}
        filters={filters.length ? filters : undefined}
        filterDefaultValues={filterDefaults(definition.filters)}
        perPage={pageSize}
        // Server-paged lists have a fixed page size (the contract's); a list paged here may change it.
        pagination={<ListPagination options={definition.paging.style === 'none' ? [pageSize, 25, 50] : []} />}
        actions={false}
        empty={false}
        error={<ErrorSlot />}
        title={title}
        disableSyncWithLocation={Object.keys(params).length > 0}
        storeKey={`${definition.name}.${Object.values(params).join('.') || 'list'}`}
        // Wide tables scroll inside their card instead of widening the page.
        // The filters sit on the page background, not on a paper strip of their own.
        sx={{ '& .RaList-main': { gap: 1.5, minWidth: 0 }, '& .RaList-content': { overflowX: 'auto' }, '& .RaListToolbar-root': { bgcolor: 'transparent' } }}
      >
        <Box sx={{ px: 2, pt: 1.5 }}>
          <TotalLine label={title} />
        </Box>
        <DataTable rowClick={rowClick} bulkActionButtons={false} hover={Boolean(show)}>
          {columns.map((column) => (
            <DataTable.Col
              key={column.source ?? column.label}
              label={column.label}
              source={column.source}
              disableSort
              render={(record: RaRecord) => <ColumnCell column={column} record={record as Row} />}
            />
          ))}
        </DataTable>
      </List>
    </Box>
  );
}
