import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { Cell, Pie, PieChart, Tooltip } from 'recharts';
import { formatNumber } from '../columns/format.ts';
import { categorySlices, type CategorySlice } from './categorySlices.ts';

export interface CategoryPieChartProps {
  /** Category value -> count (app.dashboard integrations.categoryDetails, accounts categoryDetails). */
  counts: Readonly<Record<string, number>> | undefined;
  /** Category value -> label, when the server gave them (accounts categoryList). */
  labels?: Readonly<Record<string, string>>;
  /** Diameter of the donut in px. */
  size?: number;
  /** What the chart counts, for its accessible name ('Active integrated accounts'). */
  label: string;
  /** The category currently filtered on: its legend entry is highlighted. */
  selected?: string | undefined;
  /** Clicking a legend entry or a slice (the accounts screen filters by it). */
  onSelect?: (category: string) => void;
  /** Show at most this many legend entries; the rest are summed as 'Other'. */
  legendLimit?: number;
}

function Legend({ slices, selected, onSelect, total }: { slices: CategorySlice[]; selected?: string | undefined; onSelect?: (category: string) => void; total: number }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, columnGap: 3, rowGap: 0.25, minWidth: 0, flex: 1, maxWidth: 640, width: '100%' }}>
      {slices.map((slice) => {
        const content = (
          <>
            <Box component="span" sx={{ width: 10, height: 10, borderRadius: '3px', bgcolor: slice.color, flexShrink: 0 }} />
            <Box component="span" sx={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', textAlign: 'left' }}>
              {slice.label}
            </Box>
            <Box component="span" sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}>
              {formatNumber(slice.count)}
              <Box component="span" sx={{ color: 'text.disabled', ml: 0.5, display: { xs: 'none', lg: 'inline' } }}>
                ({Math.round((slice.count / total) * 100)}%)
              </Box>
            </Box>
          </>
        );
        const sx = {
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          width: '100%',
          px: 0.75,
          py: 0.375,
          borderRadius: 1,
          fontSize: '0.8125rem',
          bgcolor: selected === slice.category ? 'action.selected' : 'transparent',
        } as const;
        return (
          <li key={slice.category}>
            {onSelect ? (
              <ButtonBase sx={{ ...sx, '&:hover': { bgcolor: 'action.hover' } }} onClick={() => onSelect(slice.category)} aria-pressed={selected === slice.category}>
                {content}
              </ButtonBase>
            ) : (
              <Box sx={sx}>{content}</Box>
            )}
          </li>
        );
      })}
    </Box>
  );
}

/** A donut of counts by category with the total in its middle and a legend beside it. */
export function CategoryPieChart({ counts, labels, size = 168, label, selected, onSelect, legendLimit }: CategoryPieChartProps) {
  let slices = categorySlices(counts, labels);
  const total = slices.reduce((sum, slice) => sum + slice.count, 0);
  if (legendLimit && slices.length > legendLimit) {
    const rest = slices.slice(legendLimit - 1);
    slices = [...slices.slice(0, legendLimit - 1), { category: 'OTHER', label: 'Other', count: rest.reduce((s, x) => s + x.count, 0), color: '#CBD5E1' }];
  }
  const summary = `${label} by category: ${slices.map((s) => `${s.label} ${s.count}`).join(', ')}`;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 3, flexDirection: { xs: 'column', sm: 'row' }, minWidth: 0 }}>
      <Box role="img" aria-label={summary} sx={{ position: 'relative', width: size, height: size, flexShrink: 0 }}>
        <PieChart width={size} height={size}>
          <Pie
            data={slices}
            dataKey="count"
            nameKey="label"
            innerRadius={size * 0.32}
            outerRadius={size / 2 - 2}
            paddingAngle={slices.length > 1 ? 1.5 : 0}
            stroke="none"
            isAnimationActive={false}
            onClick={onSelect ? (entry: { payload?: CategorySlice }) => entry.payload && entry.payload.category !== 'OTHER' && onSelect(entry.payload.category) : undefined}
            style={onSelect ? { cursor: 'pointer' } : undefined}
          >
            {slices.map((slice) => (
              <Cell key={slice.category} fill={slice.color} opacity={selected && selected !== slice.category ? 0.35 : 1} />
            ))}
          </Pie>
          <Tooltip formatter={(value) => formatNumber(value)} wrapperStyle={{ zIndex: 2 }} />
        </PieChart>
        <Box sx={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', pointerEvents: 'none' }}>
          <Typography sx={{ fontSize: size > 150 ? '1.375rem' : '1.125rem', fontWeight: 700, lineHeight: 1.1 }}>{formatNumber(total)}</Typography>
          <Typography variant="caption">total</Typography>
        </Box>
      </Box>
      <Legend slices={slices} selected={selected} onSelect={onSelect} total={total || 1} />
    </Box>
  );
}
