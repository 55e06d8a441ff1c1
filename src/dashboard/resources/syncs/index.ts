// The syncs screens (part 2 §2): the jobs list (here), and a job's run history and a run's records,
// each a chunk of its own (app/screens.ts), so the list does not download them.
export { SyncList } from './SyncList.tsx';
