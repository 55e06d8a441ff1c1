import { useTheme } from '@mui/material/styles';
import { BarsChart } from '../../components/charts/BarsChart.tsx';
import type { ActivityPoint } from './logsGraph.ts';

/** The bars of the logs activity: successes and errors per bucket, stacked. */
export function LogsActivityChart({ points, label }: { points: readonly ActivityPoint[]; label: string }) {
  const theme = useTheme();
  return (
    <BarsChart
      points={points as unknown as Readonly<Record<string, string | number>>[]}
      labelKey="label"
      height={140}
      label={label}
      fontSize={11}
      minTickGap={20}
      series={[
        { key: 'ok', name: 'Succeeded', color: theme.palette.primary.light, stack: 'calls' },
        { key: 'errors', name: 'Errors', color: theme.palette.error.main, stack: 'calls' },
      ]}
    />
  );
}
