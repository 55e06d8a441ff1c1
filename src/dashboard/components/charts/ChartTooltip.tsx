import Box from '@mui/material/Box';
import { formatNumber } from '../columns/format.ts';

/** One line of a tooltip: a series' name and value, in its colour. */
export interface TooltipItem {
  name: string;
  value: number;
  color: string;
}

export interface ChartTooltipProps {
  /** Where the pointer is, in px from the chart's top-left corner. */
  x: number;
  y: number;
  /** The chart's width, so the box stays inside it. */
  width: number;
  title?: string;
  items: readonly TooltipItem[];
}

/** The box beside the pointer naming what is under it (the bucket or slice, and its counts). */
export function ChartTooltip({ x, y, width, title, items }: ChartTooltipProps) {
  const flip = x > width / 2;
  return (
    <Box
      role="presentation"
      sx={{
        position: 'absolute',
        top: y + 12,
        ...(flip ? { right: width - x + 12 } : { left: x + 12 }),
        zIndex: 2,
        pointerEvents: 'none',
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        boxShadow: 1,
        px: 1.25,
        py: 0.75,
        fontSize: '0.8125rem',
        whiteSpace: 'nowrap',
      }}
    >
      {title && <Box sx={{ mb: 0.5, color: 'text.primary' }}>{title}</Box>}
      {items.map((item) => (
        <Box key={item.name} sx={{ color: item.color }}>
          {item.name} : {formatNumber(item.value)}
        </Box>
      ))}
    </Box>
  );
}
