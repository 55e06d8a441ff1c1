import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatNumber } from '../columns/format.ts';
import { categorySlices, type CategorySlice } from './categorySlices.ts';
import { ChartTooltip } from './ChartTooltip.tsx';
import { donutArcs } from './donutArcs.ts';

interface CategoryPieChartProps {
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
              <Box component="span" sx={{ color: 'text.secondary', ml: 0.5, display: { xs: 'none', lg: 'inline' } }}>
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

/** Gap between two slices, in degrees. */
const SLICE_GAP_DEGREES = 1.5;

function Donut({ slices, size, selected, onSelect }: { slices: CategorySlice[]; size: number; selected?: string | undefined; onSelect?: ((category: string) => void) | undefined }) {
  const [hover, setHover] = useState<{ slice: CategorySlice; x: number; y: number }>();
  const radius = size / 2;
  // From three o'clock counter-clockwise in the slices' order (largest first), as the dashboard has always drawn them.
  const arcs = donutArcs(slices, (slice) => slice.count, {
    startAngle: Math.PI / 2,
    endAngle: Math.PI / 2 - 2 * Math.PI,
    padAngle: slices.length > 1 ? (SLICE_GAP_DEGREES * Math.PI) / 180 : 0,
    innerRadius: size * 0.32,
    outerRadius: radius - 2,
  });
  return (
    <>
      <svg width={size} height={size} onMouseLeave={() => setHover(undefined)} style={{ display: 'block' }}>
        <g transform={`translate(${radius},${radius})`}>
          {arcs.map((slice) => {
            const clickable = onSelect && slice.data.category !== 'OTHER';
            return (
              <path
                key={slice.data.category}
                d={slice.path}
                fill={slice.data.color}
                opacity={selected && selected !== slice.data.category ? 0.35 : 1}
                style={onSelect ? { cursor: 'pointer' } : undefined}
                onClick={clickable ? () => onSelect(slice.data.category) : undefined}
                onMouseMove={(event) => {
                  const box = event.currentTarget.ownerSVGElement?.getBoundingClientRect();
                  setHover({ slice: slice.data, x: event.clientX - (box?.left ?? 0), y: event.clientY - (box?.top ?? 0) });
                }}
              />
            );
          })}
        </g>
      </svg>
      {hover && <ChartTooltip x={hover.x} y={hover.y} width={size} items={[{ name: hover.slice.label, value: hover.slice.count, color: hover.slice.color }]} />}
    </>
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
        <Donut slices={slices} size={size} selected={selected} onSelect={onSelect} />
        <Box sx={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', pointerEvents: 'none' }}>
          <Typography sx={{ fontSize: size > 150 ? '1.375rem' : '1.125rem', fontWeight: 700, lineHeight: 1.1 }}>{formatNumber(total)}</Typography>
          <Typography variant="caption">total</Typography>
        </Box>
      </Box>
      <Legend slices={slices} selected={selected} onSelect={onSelect} total={total || 1} />
    </Box>
  );
}
