// The logs screens (part 2 §2): the logs list with its API Calls / Webhooks views, an API log's
// native calls, a webhook run's records and a record's native calls.
export { ApiLogShow } from './ApiLogShow.tsx';
export { LogList } from './LogList.tsx';
export { WebhookLogShow } from './WebhookLogShow.tsx';
export { WebhookRecordShow } from './WebhookRecordShow.tsx';
