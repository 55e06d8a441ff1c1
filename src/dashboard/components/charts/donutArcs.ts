// The slices of a donut chart as SVG paths, laid out as d3-shape's pie and arc generators lay them
// out (d3's angles: 0 at twelve o'clock, growing clockwise; between two slices a gap of `padAngle`
// with parallel edges), in a few lines: d3-shape's general arc generator (corners, radii per
// slice) is ~4 kB of the two screens that show a donut, and nothing else draws arcs.

export interface DonutLayout {
  /** Angle of the first slice's start, in radians. */
  startAngle: number;
  /** Angle of the last slice's end: below startAngle for slices going counter-clockwise. */
  endAngle: number;
  /** Gap between two slices, in radians. */
  padAngle: number;
  innerRadius: number;
  outerRadius: number;
}

export interface DonutArc<T> {
  data: T;
  /** The slice's outline, centred on (0, 0). */
  path: string;
}

const TAU = 2 * Math.PI;
const EPSILON = 1e-12;
const round = (value: number) => Math.round(value * 1000) / 1000;
const point = (radius: number, angle: number) => `${round(radius * Math.sin(angle))},${round(-radius * Math.cos(angle))}`;

/** A whole ring: two half circles out, two back in the other direction (so the middle stays empty). */
function ring(inner: number, outer: number): string {
  const circle = (radius: number, sweep: 0 | 1) =>
    `M${point(radius, 0)}A${radius},${radius},0,1,${sweep},${point(radius, Math.PI)}A${radius},${radius},0,1,${sweep},${point(radius, 0)}`;
  return `${circle(outer, 1)}${inner > 0 ? circle(inner, 0) : ''}Z`;
}

/** One slice between angles a0 and a1, each edge moved in by half the gap (as d3's arc pads it). */
function slice(a0: number, a1: number, padAngle: number, inner: number, outer: number): string {
  const direction = a1 > a0 ? 1 : -1;
  if (Math.abs(a1 - a0) > TAU - EPSILON) return ring(inner, outer);
  // d3's default pad radius: the gap has the same width along the slice's edge.
  const padRadius = Math.sqrt(inner * inner + outer * outer);
  const edges = (radius: number): [number, number] => {
    const shift = radius > 0 ? Math.asin(Math.min(1, (padRadius / radius) * Math.sin(padAngle / 2))) : 0;
    if (Math.abs(a1 - a0) > 2 * shift) return [a0 + direction * shift, a1 - direction * shift];
    const middle = (a0 + a1) / 2;
    return [middle, middle];
  };
  const [o0, o1] = edges(outer);
  // A slice no wider than its gap (a zero count) is a line of no area, as d3 draws it.
  if (o0 === o1) return `M${point(outer, o0)}L${point(inner, o0)}Z`;
  const sweep = direction > 0 ? 1 : 0;
  const large = (from: number, to: number) => (Math.abs(to - from) > Math.PI ? 1 : 0);
  let path = `M${point(outer, o0)}A${outer},${outer},0,${large(o0, o1)},${sweep},${point(outer, o1)}`;
  if (inner > 0) {
    const [i0, i1] = edges(inner);
    path += `L${point(inner, i1)}A${inner},${inner},0,${large(i0, i1)},${1 - sweep},${point(inner, i0)}`;
  } else path += 'L0,0';
  return `${path}Z`;
}

/** The items' slices in their order, each as wide as its share of the values (d3's pie, unsorted). */
export function donutArcs<T>(items: readonly T[], valueOf: (item: T) => number, layout: DonutLayout): DonutArc<T>[] {
  const values = items.map((item) => Math.max(0, valueOf(item)));
  const sum = values.reduce((total, value) => total + value, 0);
  const span = Math.max(-TAU, Math.min(TAU, layout.endAngle - layout.startAngle));
  const pad = Math.min(Math.abs(span) / (items.length || 1), layout.padAngle) * Math.sign(span);
  const perUnit = sum ? (span - items.length * pad) / sum : 0;
  let angle = layout.startAngle;
  return items.map((data, index) => {
    const start = angle;
    angle += (values[index] ?? 0) * perUnit + pad;
    return { data, path: slice(start, angle, Math.abs(pad), layout.innerRadius, layout.outerRadius) };
  });
}
