import { appList, appsScreen, clearFieldError, setupScreen, updateSubmit, type AppsProps } from './appScreens.ts';
import type { Category, ConnectApp, ConnectIntegration, ConnectSession } from './engineCalls.ts';
import { closedScreen, doneScreen, failedScreen, frame, introScreen, statusScreen } from './screens.ts';
import { bySelector, screenStart, type Focus, type PickerState, type Screen, type SetupState } from './state.ts';
import { TEXTS } from './texts.ts';

// What each screen of <knit-auth> shows and what its controls do: the element (knitAuthElement.ts)
// holds the state and the calls, this module turns them into the shadow root's content.

/** The element as its view sees it. */
export interface ViewHost {
  readonly root: HTMLElement;
  readonly screen: Screen;
  readonly session: ConnectSession | null;
  /** Changed in place by the picker's controls. */
  readonly picker: PickerState;
  /** Changed in place by the setup form's controls. */
  readonly setup: SetupState;
  render(focus?: Focus): void;
  show(screen: Screen, focus?: boolean | Focus): void;
  close(): void;
  newSession(): void;
  reload(): void;
  pick(app: ConnectApp): void;
  submit(app: ConnectApp): void;
  openBlockedWindow(app: ConnectApp): void;
  deactivate(integration: ConnectIntegration): void;
  stopWork(): void;
}

/** Replaces the shadow root's content with the current screen in its frame, then places the focus. */
export function renderView(host: ViewHost, focus?: Focus): void {
  const closable = host.screen.name !== 'closed';
  host.root.replaceChildren(frame(host.session?.branding ?? null, closable ? () => host.close() : null, content(host)));
  focus?.(host.root)?.focus();
}

function content(host: ViewHost): Node {
  const { screen, session } = host;
  if (screen.name === 'waiting') return statusScreen(TEXTS.waiting);
  if (screen.name === 'failed') return failedScreen(screen.message, screen.final, screen.final ? () => host.newSession() : () => host.reload());
  if (screen.name === 'closed') return closedScreen(() => host.newSession());
  if (screen.name === 'loading' || !session) return statusScreen(TEXTS.loading);
  if (screen.name === 'intro') return introScreen(session, () => host.show({ name: 'apps' }, true));
  if (screen.name === 'done') return doneScreen({ session, appLabel: screen.appLabel, integrationId: screen.integrationId, onAnother: () => host.newSession() });
  if (screen.name === 'setup') return setupContent(host, session, screen.app);
  return appsScreen(appsProps(host, session));
}

function appsProps(host: ViewHost, session: ConnectSession): AppsProps {
  const { picker } = host;
  return {
    session, category: picker.category ?? session.categories[0]?.category ?? ('HRIS' as Category), search: picker.search,
    confirming: picker.confirming, busy: picker.deactivating, notice: picker.notice,
    onCategory: (category) => {
      Object.assign(picker, { category, search: '' });
      host.render(bySelector('[role=tab][aria-selected=true]'));
    },
    // Only the list changes: the search field keeps its caret.
    onSearch: (search) => {
      picker.search = search;
      host.root.querySelector('[data-part=app-list]')?.replaceWith(appList(appsProps(host, session)));
    },
    onPick: (app) => host.pick(app),
    onAskDeactivate: (integrationId) => {
      Object.assign(picker, { confirming: integrationId, notice: null });
      host.render(integrationId ? bySelector('[data-confirm=deactivate]') : undefined);
    },
    onDeactivate: (integration) => host.deactivate(integration),
  };
}

function setupContent(host: ViewHost, session: ConnectSession, app: ConnectApp): Node {
  const { setup } = host;
  const backToApp = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>('[data-app]')].find((button) => button.dataset.app === app.id) ?? screenStart(root);
  return setupScreen({
    session, app, ...setup,
    onBack: session.reintegrate ? null : () => {
      host.stopWork();
      host.show({ name: 'apps' }, backToApp);
    },
    // Typing and ticking change the form in place: a render would move the caret and the focus.
    onInput: (name, value) => {
      setup.values[name] = value;
      if (!setup.errors[name]) return;
      delete setup.errors[name];
      clearFieldError(host.root, name);
    },
    onConfirm: (stepId, checked) => {
      if (checked) setup.confirmed.add(stepId);
      else setup.confirmed.delete(stepId);
      updateSubmit(host.root, app, setup);
    },
    onSubmit: () => host.submit(app),
    onOpenPopup: () => host.openBlockedWindow(app),
  });
}
