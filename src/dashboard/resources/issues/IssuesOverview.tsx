import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useListContext } from 'react-admin';
import { BarsChart } from '../../components/charts/BarsChart.tsx';
import { MonotoneLine } from '../../components/charts/MonotoneLine.tsx';
import { formatNumber } from '../../components/columns/format.ts';
import { apiClients, unwrap, useToast } from '../../providers/index.ts';
import { isCancelled } from '../listHooks.ts';
import { bucketLabel, graphQuery, ISSUE_COUNTERS, ISSUES_ERROR_MESSAGE, type IssueGraph } from './issueRules.ts';

/** The counters and the graph of GET /app.issue.graph, with the table's own type and time filters. */
function useIssueGraph(filterValues: Readonly<Record<string, unknown>>) {
  const query = graphQuery(filterValues);
  return useQuery({
    queryKey: ['app.issue.graph', query],
    queryFn: async ({ signal }): Promise<IssueGraph> => (await unwrap(apiClients.engine.GET('/app.issue.graph', { params: { query }, signal }))).msg,
    placeholderData: (previous) => previous,
    retry: false,
  });
}

function Counter({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Box sx={{ px: 2, py: 1.5, border: 1, borderColor: 'divider', borderRadius: 2, minWidth: 0 }}>
      <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="h4" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {value === undefined ? <Skeleton width={64} /> : formatNumber(value)}
      </Typography>
    </Box>
  );
}

function IssueChart({ graph }: { graph: IssueGraph }) {
  const theme = useTheme();
  const points = graph.series.map((point) => ({ ...point, label: bucketLabel(point.at, graph.bucket) }));
  return (
    <BarsChart
      points={points}
      labelKey="label"
      height={260}
      label="Issues graph"
      fontSize={12}
      minTickGap={16}
      legend
      maxBarSize={18}
      barRadius={3}
      renderLine={(xy, series) => <MonotoneLine points={xy} color={series.color} />}
      series={[
        { key: 'issues', name: 'Issues raised', color: theme.palette.error.main },
        { key: 'resolved', name: 'Issues resolved', color: theme.palette.success.main },
        { key: 'issueCalls', name: 'Failing calls', color: theme.palette.primary.main, kind: 'line', axis: 'right' },
      ]}
    />
  );
}

/**
 * The top of /dashboard/issues: outstanding, resolved and total issues and their calls, and the
 * graph of issues raised, resolved and failing calls per bucket. A failed call shows and toasts
 * 'Something went wrong' (part 2 §8).
 */
export function IssuesOverview() {
  const { filterValues } = useListContext();
  const { data, error, isPending } = useIssueGraph((filterValues ?? {}) as Record<string, unknown>);
  const toast = useToast();
  useEffect(() => {
    if (error && !isCancelled(error)) toast.error(error, ISSUES_ERROR_MESSAGE);
  }, [error, toast]);

  return (
    <Box component="section" aria-label="Issues overview" sx={{ px: 2, pt: 2, pb: 1, borderBottom: 1, borderColor: 'divider' }}>
      {error ? (
        <Alert severity="error" variant="outlined">
          {ISSUES_ERROR_MESSAGE}
        </Alert>
      ) : (
        <>
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' }, mb: 2 }}>
            {ISSUE_COUNTERS.map((counter) => (
              <Counter key={counter.key} label={counter.label} value={data?.[counter.key]} />
            ))}
          </Box>
          {isPending || !data ? <Skeleton variant="rounded" height={260} /> : <IssueChart graph={data} />}
        </>
      )}
    </Box>
  );
}
