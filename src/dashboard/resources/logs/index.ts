// The logs screens (part 2 §2): the logs list with its API Calls / Webhooks views (here), and the
// detail screens (an API log's native calls, a webhook run's records and a record's native calls),
// each a chunk of its own (app/screens.ts), so the list does not download them.
export { LogList } from './LogList.tsx';
