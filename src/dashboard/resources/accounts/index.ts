export { AccountList } from './AccountList.tsx';
