export { CategoryPieChart, type CategoryPieChartProps } from './CategoryPieChart.tsx';
export { CATEGORY_COLORS, categoryColor, categoryLabel, categorySlices, type CategorySlice } from './categorySlices.ts';
