import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import HubOutlined from '@mui/icons-material/HubOutlined';
import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import WebhookOutlined from '@mui/icons-material/WebhookOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import type { ScreenProps } from '../../app/screens.ts';
import { CategoryPieChart } from '../../components/charts/index.ts';
import { apiClients, errorMessage, unwrap } from '../../providers/index.ts';
import { StatCard } from './StatCard.tsx';
import { useFilterChoices } from '../filterChoices.tsx';
import { listUrl, ORGANIZATIONS_ALL_TIME } from '../organizations/links.ts';
import { timeWindowMs } from '../../../shared/timeWindows.ts';

// The home cards of part 2 §2, from one call (GET app.dashboard).

const LAST_30_DAYS = timeWindowMs('last30');
const API_LOGS_30 = listUrl('/dashboard/logs', { isApiLogs: true, timestamp: LAST_30_DAYS });
const WEBHOOK_LOGS_30 = listUrl('/dashboard/logs', { isApiLogs: false, timestamp: LAST_30_DAYS });

const dashboardQueryKey = ['appDashboard'] as const;

function ActiveAccounts({ count, categories }: { count: number | undefined; categories: Readonly<Record<string, number>> | undefined }) {
  // The category labels the server gives ('Communication'); shared with the accounts filter bar's cache.
  const choices = useFilterChoices('accounts');
  const labels = Object.fromEntries((choices.data?.categories ?? []).map((choice) => [choice.value, choice.label]));
  if (count === undefined) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 3 }} aria-label="Loading chart">
        <Skeleton variant="circular" width={168} height={168} />
        <Box sx={{ flex: 1 }}>
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} variant="text" width={`${70 - i * 8}%`} />
          ))}
        </Box>
      </Box>
    );
  }
  if (count === 0) {
    return (
      <Box sx={{ py: 2 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
          No active integrated accounts yet. Create a magic link to connect your first account.
        </Typography>
        <Button variant="outlined" size="small" component={RouterLink} to="/dashboard/accounts">
          Go to Integrated Accounts
        </Button>
      </Box>
    );
  }
  return <CategoryPieChart counts={categories} labels={labels} label="Active integrated accounts" />;
}

/** /dashboard/home: Organizations served, Active Integrated accounts by category, Api Calls and Webhooks of the last 30 days. */
export function HomeScreen({ title }: ScreenProps) {
  const query = useQuery({
    queryKey: dashboardQueryKey,
    queryFn: ({ signal }) => unwrap(apiClients.engine.GET('/app.dashboard', { signal })).then((body) => body.msg),
  });
  const data = query.data;

  return (
    <Box>
      <Box sx={{ mb: 3 }}>
        <Typography variant="h3" component="h1">
          {title}
        </Typography>
      </Box>
      {query.isError && (
        <Alert
          severity="error"
          variant="outlined"
          sx={{ mb: 3 }}
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              Retry
            </Button>
          }
        >
          {errorMessage(query.error)}
        </Alert>
      )}
      {!query.isError && (
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' } }}>
          <StatCard
            testId="card-organizations"
            title="Organizations served"
            value={data?.organizations}
            caption="All time"
            icon={<ApartmentOutlined fontSize="small" />}
            to={ORGANIZATIONS_ALL_TIME}
            linkLabel="View organizations"
          />
          <StatCard testId="card-api-calls" title="Api Calls" value={data?.apiCalls} caption="Last 30 days" icon={<SwapHorizOutlined fontSize="small" />} to={API_LOGS_30} linkLabel="View API logs" />
          <StatCard testId="card-webhooks" title="Webhooks" value={data?.webhooks} caption="Last 30 days" icon={<WebhookOutlined fontSize="small" />} to={WEBHOOK_LOGS_30} linkLabel="View webhook logs" />
          <Box sx={{ gridColumn: '1 / -1' }}>
            <StatCard
              testId="card-integrations"
              title="Active Integrated accounts"
              value={data?.integrations.integrationsCount}
              caption="Accounts in every state but Deactivated and Expired, by category"
              icon={<HubOutlined fontSize="small" />}
              to="/dashboard/accounts"
              linkLabel="View integrated accounts"
            >
              <ActiveAccounts count={data?.integrations.integrationsCount} categories={data?.integrations.categoryDetails} />
            </StatCard>
          </Box>
        </Box>
      )}
    </Box>
  );
}
