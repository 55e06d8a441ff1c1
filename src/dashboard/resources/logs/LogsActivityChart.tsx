import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ActivityPoint } from './logsGraph.ts';

/** The bars of the logs activity (its own chunk: recharts loads after the table's first rows). */
export function LogsActivityChart({ points, label }: { points: readonly ActivityPoint[]; label: string }) {
  const theme = useTheme();
  return (
    <Box sx={{ height: 140, minWidth: 0 }} role="img" aria-label={label}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={[...points]} margin={{ top: 4, right: 4, bottom: 0, left: -20 }}>
          <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 11, fill: theme.palette.text.secondary }} tickLine={false} axisLine={false} minTickGap={20} />
          <YAxis allowDecimals={false} tick={{ fontSize: 11, fill: theme.palette.text.secondary }} tickLine={false} axisLine={false} />
          <Tooltip />
          <Bar dataKey="ok" name="Succeeded" stackId="calls" fill={theme.palette.primary.light} isAnimationActive={false} />
          <Bar dataKey="errors" name="Errors" stackId="calls" fill={theme.palette.error.main} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </Box>
  );
}
