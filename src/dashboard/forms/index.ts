export { ContractForm } from './ContractForm.tsx';
