import { preloadable } from '../../app/preloadable.tsx';

// The page's dialogs (the confirmations, and the webhook modal with the webhook-test machine, tabs
// and tags) are one chunk, fetched after the page's first render, ahead of the first click: the
// page's first load carries only what it shows at once, and the entry lists fewer chunks for it.
const loadDialogs = () => import('./dialogs.ts');

export const ConfirmDialog = preloadable(() => loadDialogs().then((module) => module.ConfirmDialog));
export const WebhookDialog = preloadable(() => loadDialogs().then((module) => module.WebhookDialog));

export const preloadDialogs = (): void => {
  void Promise.all([ConfirmDialog.preload(), WebhookDialog.preload()]).catch(() => undefined);
};
