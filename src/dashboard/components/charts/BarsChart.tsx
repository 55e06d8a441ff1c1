import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useState, type ReactNode } from 'react';
import { formatNumber } from '../columns/format.ts';
import { ChartTooltip } from './ChartTooltip.tsx';
import { alignedTicks, countTicks, textWidth, visibleLabels, yOf } from './chartLayout.ts';
import { useWidth } from './useWidth.ts';

// Bars over time buckets (stacked or side by side), optionally lines on an axis of their own: the
// logs activity and the issues graph. SVG over d3-array's ticks; a bucket under the pointer is
// highlighted and named in a tooltip. A line is drawn by the chart that has one (renderLine), so
// the bars alone bring no curve code.

export interface ChartSeries {
  /** The field of each point this series draws. */
  key: string;
  /** Its name in the tooltip and the legend. */
  name: string;
  color: string;
  kind?: 'bar' | 'line';
  /** Bars of one stack stand on each other; bars of different stacks stand side by side. */
  stack?: string;
  /** A series on the right is read against an axis of its own. */
  axis?: 'left' | 'right';
}

export interface BarsChartProps {
  points: readonly Readonly<Record<string, string | number>>[];
  /** The field of each point that names its bucket (the x-axis labels). */
  labelKey: string;
  series: readonly ChartSeries[];
  height: number;
  /** The chart's accessible name. */
  label: string;
  fontSize?: number;
  /** Least space between two x-axis labels; labels that would crowd are skipped. */
  minTickGap?: number;
  legend?: boolean;
  maxBarSize?: number;
  /** Rounded top corners of the bars. */
  barRadius?: number;
  /** Draws a line series through its points (x, y in px), e.g. MonotoneLine. */
  renderLine?: (points: [number, number][], series: ChartSeries) => ReactNode;
}

const TOP = 8;
const GAP = 4;
const LEGEND_HEIGHT = 24;

const valueOf = (point: Readonly<Record<string, string | number>>, key: string) => Number(point[key] ?? 0) || 0;

/** A bar with rounded top corners (the bottom stands on the axis). */
function barPath(x: number, y: number, width: number, height: number, radius: number): string {
  const r = Math.max(0, Math.min(radius, width / 2, height));
  return `M${x},${y + height}V${y + r}Q${x},${y} ${x + r},${y}H${x + width - r}Q${x + width},${y} ${x + width},${y + r}V${y + height}Z`;
}

export function BarsChart({ points, labelKey, series, height, label, fontSize = 11, minTickGap = 20, legend = false, maxBarSize = Infinity, barRadius = 0, renderLine }: BarsChartProps) {
  const theme = useTheme();
  const [ref, width] = useWidth<HTMLDivElement>();
  const [hover, setHover] = useState<{ index: number; x: number; y: number }>();

  const bars = series.filter((s) => s.kind !== 'line');
  const lines = series.filter((s) => s.kind === 'line');
  const stacks = [...new Set(bars.map((s) => s.stack ?? s.key))];
  const maxOf = (side: 'left' | 'right') =>
    Math.max(
      0,
      ...points.flatMap((point) => [
        ...stacks.map((stack) => bars.filter((s) => (s.stack ?? s.key) === stack && (s.axis ?? 'left') === side).reduce((sum, s) => sum + valueOf(point, s.key), 0)),
        ...lines.filter((s) => (s.axis ?? 'left') === side).map((s) => valueOf(point, s.key)),
      ]),
    );
  const leftTicks = countTicks(maxOf('left'));
  const hasRight = series.some((s) => s.axis === 'right');
  // The right axis reads off the left axis' grid lines.
  const rightTicks = hasRight ? alignedTicks(maxOf('right'), leftTicks.length - 1) : [];
  const axisWidth = (ticks: number[]) => Math.max(...ticks.map((tick) => textWidth(formatNumber(tick), fontSize))) + 10;

  const x0 = axisWidth(leftTicks);
  const x1 = Math.max(x0 + 1, width - (hasRight ? axisWidth(rightTicks) : 4));
  const y1 = height - (fontSize + 10) - (legend ? LEGEND_HEIGHT : 0);
  const plotHeight = y1 - TOP;
  const band = points.length ? (x1 - x0) / points.length : 0;
  const barWidth = Math.max(1, Math.min(maxBarSize, (band * 0.8 - (stacks.length - 1) * GAP) / Math.max(1, stacks.length)));
  const groupWidth = stacks.length * barWidth + (stacks.length - 1) * GAP;
  const leftTop = leftTicks.at(-1) ?? 1;
  const rightTop = rightTicks.at(-1) ?? 1;
  const yFor = (value: number, side: 'left' | 'right' = 'left') => TOP + yOf(value, side === 'left' ? leftTop : rightTop, plotHeight);
  const centre = (index: number) => x0 + band * (index + 0.5);
  const labels = points.map((point) => String(point[labelKey] ?? ''));
  const shownLabels = new Set(visibleLabels(labels, band, fontSize, minTickGap));
  const text = { fontSize, fill: theme.palette.text.secondary };

  return (
    <Box ref={ref} role="img" aria-label={label} sx={{ position: 'relative', height, minWidth: 0 }} onMouseLeave={() => setHover(undefined)}>
      {width > 0 && (
        <svg width={width} height={height - (legend ? LEGEND_HEIGHT : 0)} style={{ display: 'block', overflow: 'visible' }}>
          {leftTicks.map((tick) => (
            <g key={`l${tick}`}>
              <line x1={x0} x2={x1} y1={yFor(tick)} y2={yFor(tick)} stroke={theme.palette.divider} strokeDasharray="3 3" />
              <text x={x0 - 6} y={yFor(tick)} dy="0.32em" textAnchor="end" {...text}>
                {formatNumber(tick)}
              </text>
            </g>
          ))}
          {rightTicks.map((tick) => (
            <text key={`r${tick}`} x={x1 + 6} y={yFor(tick, 'right')} dy="0.32em" {...text}>
              {formatNumber(tick)}
            </text>
          ))}
          {hover && <rect x={x0 + band * hover.index} y={TOP} width={band} height={plotHeight} fill={theme.palette.action.hover} />}
          {points.map((point, index) => {
            const start = centre(index) - groupWidth / 2;
            return stacks.map((stack, stackIndex) => {
              let base = 0;
              return bars
                .filter((s) => (s.stack ?? s.key) === stack)
                .map((s) => {
                  const value = valueOf(point, s.key);
                  const bottom = yFor(base, s.axis);
                  base += value;
                  const top = yFor(base, s.axis);
                  if (value <= 0) return null;
                  return <path key={`${index}-${s.key}`} d={barPath(start + stackIndex * (barWidth + GAP), top, barWidth, bottom - top, barRadius)} fill={s.color} />;
                });
            });
          })}
          {renderLine && lines.map((s) => <g key={s.key}>{renderLine(points.map((point, index) => [centre(index), yFor(valueOf(point, s.key), s.axis)]), s)}</g>)}
          {labels.map((text_, index) =>
            shownLabels.has(index) ? (
              <text key={`x${index}`} x={centre(index)} y={y1 + fontSize + 4} textAnchor="middle" {...text}>
                {text_}
              </text>
            ) : null,
          )}
          {points.map((_point, index) => (
            <rect
              key={`h${index}`}
              x={x0 + band * index}
              y={TOP}
              width={band}
              height={plotHeight}
              fill="transparent"
              onMouseMove={(event) => {
                const box = event.currentTarget.ownerSVGElement?.getBoundingClientRect();
                setHover({ index, x: event.clientX - (box?.left ?? 0), y: event.clientY - (box?.top ?? 0) });
              }}
            />
          ))}
        </svg>
      )}
      {legend && (
        <Box sx={{ height: LEGEND_HEIGHT, display: 'flex', justifyContent: 'center', alignItems: 'center', gap: 2, fontSize: '0.75rem' }}>
          {/* Lines first, then bars, as the charts' legends have always read. The swatch carries the
              series' colour; the name is text that must read on white (a light series colour would not). */}
          {[...lines, ...bars].map((s) => (
            <Box key={s.key} component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'text.secondary' }}>
              <Box component="span" sx={{ width: 12, height: s.kind === 'line' ? 2 : 10, bgcolor: s.color }} />
              {s.name}
            </Box>
          ))}
        </Box>
      )}
      {hover && points[hover.index] && (
        <ChartTooltip
          x={hover.x}
          y={hover.y}
          width={width}
          title={labels[hover.index]}
          items={series.map((s) => ({ name: s.name, value: valueOf(points[hover.index]!, s.key), color: s.color }))}
        />
      )}
    </Box>
  );
}
