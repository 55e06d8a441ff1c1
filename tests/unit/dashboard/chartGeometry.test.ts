import { arc, pie } from 'd3-shape';
import { describe, expect, it } from 'vitest';
import { alignedTicks, countTicks, visibleLabels } from '../../../src/dashboard/components/charts/chartLayout.ts';
import { donutArcs, type DonutLayout } from '../../../src/dashboard/components/charts/donutArcs.ts';

// The donut's slices are drawn without d3-shape's arc generator: they must stay where d3 put them.

const numbers = (path: string) => (path.match(/-?\d+(\.\d+)?(e-?\d+)?/g) ?? []).map(Number);

function d3Paths(values: number[], layout: DonutLayout): string[] {
  const shape = arc<{ startAngle: number; endAngle: number; padAngle: number }>().innerRadius(layout.innerRadius).outerRadius(layout.outerRadius);
  return pie<number>().value((value) => value).sort(null).startAngle(layout.startAngle).endAngle(layout.endAngle).padAngle(layout.padAngle)(values).map((slice) => shape(slice) ?? '');
}

const layout: DonutLayout = { startAngle: Math.PI / 2, endAngle: Math.PI / 2 - 2 * Math.PI, padAngle: (1.5 * Math.PI) / 180, innerRadius: 53.76, outerRadius: 82 };

describe('donutArcs', () => {
  it.each([
    ['several slices', [40, 25, 20, 10, 5]],
    ['a slice over half the ring', [80, 15, 5]],
    ['a zero slice among others', [10, 0, 30]],
  ])('draws %s where d3-shape draws them', (_name, values) => {
    const ours = donutArcs(values, (value) => value, layout).map((slice) => numbers(slice.path));
    const d3 = d3Paths(values, layout).map(numbers);
    expect(ours).toHaveLength(d3.length);
    ours.forEach((path, index) => {
      expect(path).toHaveLength(d3[index]!.length);
      path.forEach((value, at) => expect(value).toBeCloseTo(d3[index]![at]!, 1));
    });
  });

  it('draws a single slice as a whole ring with an empty middle', () => {
    const [only] = donutArcs([7], (value) => value, { ...layout, padAngle: 0 });
    expect(only?.path).toBe('M0,-82A82,82,0,1,1,0,82A82,82,0,1,1,0,-82M0,-53.76A53.76,53.76,0,1,0,0,53.76A53.76,53.76,0,1,0,0,-53.76Z');
  });

  it('keeps the items in their order with their data', () => {
    expect(donutArcs(['a', 'b'], () => 1, layout).map((slice) => slice.data)).toEqual(['a', 'b']);
  });
});

describe('chart axes', () => {
  it('counts in whole ticks from 0 to a round maximum', () => {
    expect(countTicks(0)).toEqual([0, 1]);
    expect(countTicks(7)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(countTicks(930)).toEqual([0, 200, 400, 600, 800, 1000]);
    expect(countTicks(3, 5)).toEqual([0, 1, 2, 3]);
  });

  it('aligns a second axis on the first one\'s grid lines with round steps', () => {
    expect(alignedTicks(270, 4)).toEqual([0, 70, 140, 210, 280]);
    expect(alignedTicks(0, 4)).toEqual([0, 1, 2, 3, 4]);
  });

  it('shows every k-th category label, always the last one', () => {
    expect(visibleLabels(['a', 'b', 'c'], 100, 12, 8)).toEqual([0, 1, 2]);
    expect(visibleLabels(['1 Jan', '2 Jan', '3 Jan', '4 Jan', '5 Jan'], 20, 12, 8)).toEqual([1, 4]);
    expect(visibleLabels([], 20, 12, 8)).toEqual([]);
  });
});
