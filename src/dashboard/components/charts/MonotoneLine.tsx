import { curveMonotoneX, line } from 'd3-shape';

/** A smooth line through points that never overshoots them (d3's monotone curve), as BarsChart's renderLine. */
export function MonotoneLine({ points, color }: { points: [number, number][]; color: string }) {
  return <path d={line().curve(curveMonotoneX)(points) ?? ''} fill="none" stroke={color} strokeWidth={2} />;
}
