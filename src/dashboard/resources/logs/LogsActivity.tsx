import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useListContext } from 'react-admin';
import { formatNumber } from '../../components/columns/format.ts';
import { apiClients, unwrap } from '../../providers/index.ts';
import { activityOf, logsGraphQuery, type LogsGraph } from './logsGraph.ts';
import { LogsActivityChart } from './LogsActivityChart.tsx';
import { logViewOf } from './logViews.ts';


/**
 * The activity of the current view over the period above the logs table: totals and errors, and
 * a bar per hour or day. It never holds the table back: a failure only hides it.
 */
export function LogsActivity() {
  const { filterValues } = useListContext();
  const values = (filterValues ?? {}) as Record<string, unknown>;
  const query = logsGraphQuery(values);
  const view = logViewOf(values);
  const { data, error } = useQuery({
    queryKey: ['app.getLogsGraphData', query],
    queryFn: async ({ signal }): Promise<LogsGraph> => (await unwrap(apiClients.engine.GET('/app.getLogsGraphData', { params: { query }, signal }))).msg,
    placeholderData: (previous) => previous,
    retry: false,
  });
  if (error) return null;
  const activity = data ? activityOf(data, view) : undefined;
  const noun = view === 'api' ? 'API calls' : 'Webhooks';
  return (
    <Box component="section" aria-label="Logs activity" sx={{ px: 2, pt: 2, pb: 1, borderBottom: 1, borderColor: 'divider' }}>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {activity ? (
          <>
            {noun}: <Box component="span" sx={{ color: 'text.primary', fontWeight: 600 }}>{formatNumber(activity.total)}</Box>
            {' · '}
            {view === 'api' ? 'errors' : 'failed or not dispatched'}:{' '}
            <Box component="span" sx={{ color: activity.errors ? 'error.main' : 'text.primary', fontWeight: 600 }}>{formatNumber(activity.errors)}</Box>
          </>
        ) : (
          <Skeleton width={240} />
        )}
      </Typography>
      {activity ? (
        <LogsActivityChart points={activity.points} label={`${noun} over time`} />
      ) : (
        <Skeleton variant="rounded" height={140} />
      )}
    </Box>
  );
}
