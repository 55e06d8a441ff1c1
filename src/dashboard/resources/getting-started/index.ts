export { GettingStartedScreen } from './GettingStartedScreen.tsx';
