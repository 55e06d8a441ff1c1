// The syncs screens (part 2 §2): the jobs list, a job's run history, a run's records.
export { SyncList } from './SyncList.tsx';
export { SyncRecordList } from './SyncRecordList.tsx';
export { SyncRunList } from './SyncRunList.tsx';
