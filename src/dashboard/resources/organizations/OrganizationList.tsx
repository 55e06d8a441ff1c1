import Link from '@mui/material/Link';
import { useListContext } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { organizationsResource } from '../../../generated/resources/organizations.ts';
import type { ScreenProps } from '../../app/screens.ts';
import { formatNumber } from '../../components/columns/format.ts';
import type { Row } from '../../components/columns/ColumnCell.tsx';
import { GeneratedList } from '../GeneratedList.tsx';
import { orgApiLogsUrl } from './links.ts';

/**
 * The API-call count of an organisation, linking to its API logs. The generated column links to
 * the logs by orgId; the period follows the table's time filter (last180 for all and last365), so
 * the link is drawn here, inside the list where the filter is known.
 */
function ApiCallsLink({ record }: { record: Row }) {
  const { filterValues } = useListContext();
  const orgId = typeof record.orgId === 'string' ? record.orgId : undefined;
  const count = formatNumber(record.apiCalls);
  if (!orgId) return <>{count}</>;
  return (
    <Link
      component={RouterLink}
      to={orgApiLogsUrl(orgId, (filterValues as { timeFilter?: string }).timeFilter)}
      underline="hover"
      onClick={(event) => event.stopPropagation()}
      sx={{ fontVariantNumeric: 'tabular-nums' }}
      aria-label={`${count} API calls of ${String(record.organization ?? orgId)}`}
    >
      {count}
    </Link>
  );
}

const cells = { apiCalls: (record: Row) => <ApiCallsLink record={record} /> };

/** /dashboard/organizations: the generated organizations list, its API-call links following the time filter. */
export function OrganizationList({ title }: ScreenProps) {
  return <GeneratedList definition={organizationsResource} title={title} cells={cells} emptyText="No organizations in this period." />;
}
