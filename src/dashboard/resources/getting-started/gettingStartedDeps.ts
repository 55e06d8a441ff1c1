import { createContext, useContext, type ComponentType } from 'react';
import { preloadable, type Preloadable } from '../../app/preloadable.tsx';
import { MagicLinkDialog } from '../../app/screens.ts';
import type { ApiClients } from '../../providers/apiClient.ts';
import { apiClients } from '../../providers/index.ts';

/** The webhook dialog of the API keys page, which the Register webhook URL step opens. */
export interface WebhookDialogProps {
  open: boolean;
  category: { value: string; label: string };
  initialUrl?: string;
  onClose: () => void;
  onSaved: (url: string) => void;
}

type MagicLinkDialogComponent = typeof MagicLinkDialog;

/**
 * What the getting-started screen talks to: the engine client its machines' actors call, the
 * webhook dialog (test, events, save) and the Create Magic Link dialog. The dashboard runs on the
 * defaults; a component test renders the screen inside a provider with MSW-backed clients.
 */
export interface GettingStartedDeps {
  clients: Pick<ApiClients, 'engine'>;
  WebhookDialog: Preloadable<WebhookDialogProps>;
  MagicLinkDialog: Preloadable<Parameters<MagicLinkDialogComponent>[0]>;
}

const WebhookDialog = preloadable<WebhookDialogProps>(() =>
  import('../api-keys/webhook/WebhookDialog.tsx').then((module) => module.WebhookDialog as ComponentType<WebhookDialogProps>),
);

export const GettingStartedDepsContext = createContext<GettingStartedDeps>({ clients: apiClients, WebhookDialog, MagicLinkDialog });

export const useGettingStartedDeps = (): GettingStartedDeps => useContext(GettingStartedDepsContext);
