import type { SchemaGettingStartedFlow, SchemaGettingStartedStatus } from '../../../generated/api/engine.ts';

/** A getting-started flow: webapp is Unified APIs and Syncs, aiAgent is AI Agents Toolkit. */
export type GettingStartedFlow = SchemaGettingStartedFlow;
export type GettingStartedStatus = SchemaGettingStartedStatus;

export type GettingStartedEvent =
  /** A tab was clicked (or chosen with the keyboard). */
  | { type: 'tab.select'; flow: GettingStartedFlow }
  /** The welcome dialog's choice ('Unified APIs and Syncs' or 'AI Agents Toolkit'). */
  | { type: 'welcome.choose'; flow: GettingStartedFlow }
  /** The welcome dialog closed without a choice: the Unified APIs and Syncs tab stays. */
  | { type: 'welcome.dismiss' }
  /** 'Switch getting started flow' in 'Changing your getting started flow?'. */
  | { type: 'switch.confirm' }
  /** 'Continue with ongoing flow' (or the dialog closed). */
  | { type: 'switch.cancel' }
  /** The update-status icon, or a flow reporting progress (a category enabled, a flow completed). */
  | { type: 'status.refresh' };

export interface GettingStartedContext {
  /** app.gettingStartedStatus; null until the first answer. */
  status: GettingStartedStatus | null;
  /** The tab shown. */
  flow: GettingStartedFlow;
  /** The tab asked for while the switch dialog is open. */
  pendingFlow: GettingStartedFlow | null;
  /** Why the status could not be read (the page shows it with a retry). */
  error: string | null;
}
