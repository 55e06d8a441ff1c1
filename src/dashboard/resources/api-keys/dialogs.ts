// The page's dialogs, one chunk fetched after the page's first render (lazyDialogs.ts).
export { ConfirmDialog } from './ConfirmDialog.tsx';
export { WebhookDialog } from './webhook/WebhookDialog.tsx';
