export { HomeScreen } from './HomeScreen.tsx';
export { StatCard, type StatCardProps } from './StatCard.tsx';
