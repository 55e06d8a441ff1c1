export { CategoryPieChart } from './CategoryPieChart.tsx';
