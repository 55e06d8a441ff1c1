import { nice, ticks } from 'd3-array';

// The arithmetic of the dashboard's small charts (d3-array's nice ticks), kept out of the
// components so it is tested as plain functions.

/** Whole-number ticks from 0 to a round maximum at or above `max` (about `count` of them). */
export function countTicks(max: number, count = 5): number[] {
  if (!(max > 0)) return [0, 1];
  const [, top] = nice(0, max, count);
  const whole = ticks(0, top, count).filter(Number.isInteger);
  return whole.length > 1 ? whole : [0, Math.ceil(top)];
}

/** Rough width of a label in px (the charts use the system font at `fontSize`). */
export const textWidth = (text: string, fontSize: number) => text.length * fontSize * 0.6;

/**
 * The indices of the category labels to draw under `count` bands of `bandWidth` px: every k-th
 * label, the last one always, so that neighbours keep at least `minGap` px between them.
 */
export function visibleLabels(labels: readonly string[], bandWidth: number, fontSize: number, minGap: number): number[] {
  if (labels.length === 0 || bandWidth <= 0) return [];
  const widest = Math.max(...labels.map((label) => textWidth(label, fontSize)));
  const step = Math.max(1, Math.ceil((widest + minGap) / bandWidth));
  const shown: number[] = [];
  for (let index = labels.length - 1; index >= 0; index -= step) shown.unshift(index);
  return shown;
}

/** Where a value sits on a vertical axis from 0 (bottom) to `top`. */
export const yOf = (value: number, top: number, height: number) => height - (top > 0 ? (value / top) * height : 0);

/**
 * Ticks of a second axis drawn on the first axis' grid lines: as many intervals as `intervals`,
 * each a round whole step (one significant digit: 67.5 -> 70) so the top reaches `max`.
 */
export function alignedTicks(max: number, intervals: number): number[] {
  const raw = max > 0 && intervals > 0 ? max / intervals : 1;
  const unit = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(1, Math.ceil(raw / unit) * unit);
  return Array.from({ length: Math.max(1, intervals) + 1 }, (_, index) => index * step);
}
