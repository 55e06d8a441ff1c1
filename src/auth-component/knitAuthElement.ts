import type { IntegrationDetails, KnitAuthEvent } from '../shared/embedSnippets.ts';
import { DEFAULT_ERROR_MESSAGE, EngineError, type ConnectApp, type ConnectIntegration, type ConnectSession, type EngineCalls } from './engineCalls.ts';
import { awaitSignIn, openSignInWindow, type SignInOutcome } from './oauthWindow.ts';
import { categoryOfApp, failedDetails, fieldOfError, manualStepsOf, oauthStepOf, setupPayload, validateSetup } from './setupForm.ts';
import { byId, bySelector, fieldId, freshPicker, freshSetup, screenStart, SKIP_INTRO, TOKEN, type Focus, type PickerState, type Screen, type SetupState } from './state.ts';
import { adoptStyles } from './styles.ts';
import { TEXTS } from './texts.ts';
import { renderView, type ViewHost } from './view.ts';

// <knit-auth authsessiontoken="..." skipIntro>: the end customer connects an app of the session
// the customer's backend opened (auth.createSession), on the customer's own page.
//
// Events (CustomEvent, bubbling out of the shadow root), as the embed guide describes them:
// - onNewSession: the component needs a new token: the end customer opened it again after Close
//   or after a finished connection, or its token was refused (expired, used); the page fetches one
//   and sets the attribute again. Not fired for the first token, which the page sets itself.
// - onFinish: an attempt ended: detail.integrationDetails with success true once connected, or
//   success false with errors when the app refused or the session ended under it.
// - onDeactivate: the end customer deactivated one of their integrations (detail.integrationDetails).
// - onKnitClose: the end customer closed the component.

const asEngineError = (error: unknown) => (error instanceof EngineError ? error : new EngineError(0, DEFAULT_ERROR_MESSAGE, 'UNKNOWN'));
/** A text as a sentence: ended with a full stop unless it ends with one already. */
const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

export class KnitAuthElement extends HTMLElement {
  static observedAttributes = [TOKEN];
  /** The engine's calls, bound to the engine's origin when the element is defined (index.ts). */
  static calls: EngineCalls;

  readonly #root = document.createElement('div');
  #screen: Screen = { name: 'waiting' };
  #token: string | null = null;
  #session: ConnectSession | null = null;
  #load: AbortController | null = null;
  #stopSignIn: (() => void) | null = null;
  /** The refused token onNewSession was fired for, so a page that answers with it again is not asked in a loop. */
  #askedAbout: string | null = null;
  #picker: PickerState = freshPicker(null);
  #setup: SetupState = freshSetup();
  /** What the view reads and calls (view.ts); the element's own members stay private. */
  readonly #view: ViewHost;

  constructor() {
    super();
    const shadow = this.attachShadow({ mode: 'open' });
    adoptStyles(shadow);
    shadow.appendChild(this.#root);
    const element = this;
    this.#view = {
      root: this.#root,
      get screen() { return element.#screen; },
      get session() { return element.#session; },
      get picker() { return element.#picker; },
      get setup() { return element.#setup; },
      render: (focus) => this.#render(focus),
      show: (screen, focus) => this.#show(screen, focus),
      close: () => this.#close(),
      newSession: () => this.#newSession(),
      reload: () => void this.#open(this.#token!),
      pick: (app) => this.#pick(app),
      submit: (app) => this.#submit(app),
      openBlockedWindow: (app) => this.#openBlockedWindow(app),
      deactivate: (integration) => void this.#deactivate(integration),
      stopWork: () => this.#stopWork(),
    };
  }

  get authsessiontoken(): string | null {
    return this.getAttribute(TOKEN);
  }

  set authsessiontoken(token: string | null) {
    if (token) this.setAttribute(TOKEN, token);
    else this.removeAttribute(TOKEN);
  }

  /** Present (any value but false, null or undefined, "" included: React and Vue set it so) skips the intro. */
  get skipIntro(): boolean {
    return this.hasAttribute(SKIP_INTRO);
  }

  set skipIntro(value: unknown) {
    if (value === false || value === null || value === undefined) this.removeAttribute(SKIP_INTRO);
    else this.setAttribute(SKIP_INTRO, '');
  }

  connectedCallback(): void {
    // A property the page set before this script defined the element shadows the accessor: pass it through it.
    for (const property of ['authsessiontoken', 'skipIntro'] as const) {
      if (!Object.prototype.hasOwnProperty.call(this, property)) continue;
      const value: unknown = this[property];
      delete (this as Partial<Record<typeof property, unknown>>)[property];
      (this as Record<typeof property, unknown>)[property] = value;
    }
    const token = this.getAttribute(TOKEN);
    // Waiting for a token, or a load that was stopped when the element left the page.
    const unfinished = this.#screen.name === 'waiting' || (this.#screen.name === 'loading' && !this.#load);
    if (token && (token !== this.#token || unfinished)) void this.#open(token);
    else this.#render();
  }

  disconnectedCallback(): void {
    this.#stopWork();
    // A sign-in it stopped waiting for can be started again once the element is back.
    Object.assign(this.#setup, { busy: false, oauth: 'idle', blocked: undefined });
  }

  attributeChangedCallback(_name: string, _old: string | null, token: string | null): void {
    if (!this.isConnected) return;
    if (token) void this.#open(token);
    else {
      this.#stopWork();
      this.#show({ name: 'waiting' });
    }
  }

  // ---- the session --------------------------------------------------------------------------

  async #open(token: string): Promise<void> {
    this.#stopWork();
    this.#token = token;
    this.#session = null;
    this.#show({ name: 'loading' });
    const load = new AbortController();
    this.#load = load;
    try {
      const session = await KnitAuthElement.calls.getSession(token, load.signal);
      if (load.signal.aborted) return;
      this.#session = session;
      this.#picker = freshPicker(session.categories[0]?.category ?? null);
      const fixedApp = session.reintegrate ? session.categories[0]?.apps[0] : undefined;
      if (fixedApp) this.#pick(fixedApp, false);
      else this.#show(this.skipIntro ? { name: 'apps' } : { name: 'intro' });
    } catch (error) {
      if (load.signal.aborted) return;
      this.#sessionFailed(asEngineError(error), false);
    }
  }

  /** A refused token needs a new one (asked once per token); anything else may pass on a retry. */
  #sessionFailed(error: EngineError, focus: boolean): void {
    this.#show({ name: 'failed', message: error.msg, final: error.endsSession }, focus);
    if (error.endsSession && this.#token !== this.#askedAbout) {
      this.#askedAbout = this.#token;
      this.#emit('onNewSession', {});
    }
  }

  #newSession(): void {
    this.#stopWork();
    this.#show({ name: 'waiting' }, true);
    this.#emit('onNewSession', {});
  }

  #close(): void {
    this.#stopWork();
    this.#show({ name: 'closed' }, true);
    this.#emit('onKnitClose', {});
  }

  #stopWork(): void {
    this.#load?.abort();
    this.#load = null;
    this.#stopSignIn?.();
    this.#stopSignIn = null;
  }

  #emit(name: KnitAuthEvent, detail: { integrationDetails?: IntegrationDetails }): void {
    this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
  }

  // ---- connecting -------------------------------------------------------------------------------

  #pick(app: ConnectApp, focus = true): void {
    this.#setup = freshSetup();
    const firstField = app.steps.flatMap((step) => step.fields)[0];
    this.#show({ name: 'setup', app }, focus && ((root) => (firstField && byId(fieldId(firstField.name))(root)) || screenStart(root)));
  }

  #submit(app: ConnectApp): void {
    const setup = this.#setup;
    setup.errors = validateSetup(app, setup.values);
    setup.formError = null;
    const invalid = Object.keys(setup.errors)[0];
    if (invalid) return this.#render(byId(fieldId(invalid)));
    if (oauthStepOf(app)) void this.#signIn(app);
    else void this.#complete(app);
  }

  #choice(app: ConnectApp) {
    const session = this.#session!;
    return {
      authSessionToken: this.#token!, appId: app.id, category: categoryOfApp(session, app),
      ...(app.connectorId ? { connectorId: app.connectorId } : {}), values: setupPayload(app, this.#setup.values),
    };
  }

  async #complete(app: ConnectApp): Promise<void> {
    const session = this.#session!;
    this.#setup.busy = true;
    this.#render();
    try {
      const done = await KnitAuthElement.calls.complete({ ...this.#choice(app), confirmedSteps: manualStepsOf(app).map((s) => s.stepId) });
      this.#finished(app.label, { integrationId: done.integrationId, appId: done.appId, categoryId: done.category, originOrgId: session.originOrgId, success: true, errors: [], isDeactivated: false });
    } catch (error) {
      this.#callFailed(app, asEngineError(error));
    }
  }

  async #signIn(app: ConnectApp): Promise<void> {
    // Opened in the click itself, before anything is awaited, so no popup blocker refuses it.
    const popup = openSignInWindow(window);
    this.#setup.busy = true;
    this.#setup.oauth = 'starting';
    this.#render();
    try {
      const sign = await KnitAuthElement.calls.startOAuth({
        ...this.#choice(app), stepId: oauthStepOf(app)!.stepId, reintegrate: this.#session!.reintegrate, isFinalStep: true,
      });
      if (popup) return this.#awaitSignIn(app, popup, sign, true);
      Object.assign(this.#setup, { busy: false, oauth: 'blocked', blocked: sign });
      this.#render(bySelector('.alert button'));
    } catch (error) {
      popup?.close();
      this.#setup.oauth = 'idle';
      this.#callFailed(app, asEngineError(error));
    }
  }

  #openBlockedWindow(app: ConnectApp): void {
    const sign = this.#setup.blocked;
    const popup = sign && openSignInWindow(window, sign.authorizeUrl);
    if (sign && popup) this.#awaitSignIn(app, popup, sign, false);
  }

  #awaitSignIn(app: ConnectApp, popup: Window, sign: { authorizeUrl: string; state: string }, navigate: boolean): void {
    Object.assign(this.#setup, { busy: true, oauth: 'waiting', blocked: undefined, formError: null });
    this.#render();
    this.#stopSignIn = awaitSignIn(window, popup, sign, navigate, (outcome) => this.#signedIn(app, outcome));
  }

  #signedIn(app: ConnectApp, outcome: SignInOutcome): void {
    this.#stopSignIn = null;
    Object.assign(this.#setup, { busy: false, oauth: 'idle' });
    if (outcome.kind === 'details' && outcome.details.success) return this.#finished(app.label, outcome.details);
    const details = outcome.kind === 'details' ? outcome.details
      : outcome.kind === 'error' ? failedDetails(this.#session!, app, outcome.message, 'OAUTH_FAILED', TEXTS.tryAgain) : null;
    const first = details?.errors[0];
    this.#setup.formError = first ? `${sentence(first.description)} ${sentence(first.resolution)}` : TEXTS.popupClosed;
    this.#render(bySelector('[data-testid=knit-error]'));
    if (details) this.#emit('onFinish', { integrationDetails: details });
  }

  #callFailed(app: ConnectApp, error: EngineError): void {
    this.#setup.busy = false;
    const field = fieldOfError(error.field);
    if (field && error.status === 400) {
      this.#setup.errors = { [field]: error.msg };
      return this.#render(byId(fieldId(field)));
    }
    if (error.endsSession) {
      this.#emit('onFinish', { integrationDetails: failedDetails(this.#session!, app, error.msg, error.code, TEXTS.startAgain) });
      return this.#sessionFailed(error, true);
    }
    this.#setup.formError = error.msg;
    this.#render(bySelector('[data-testid=knit-error]'));
  }

  #finished(appLabel: string, details: IntegrationDetails): void {
    this.#show({ name: 'done', appLabel, integrationId: details.integrationId }, true);
    this.#emit('onFinish', { integrationDetails: details });
  }

  async #deactivate(integration: ConnectIntegration): Promise<void> {
    const picker = this.#picker;
    picker.deactivating = true;
    this.#render();
    try {
      const details = await KnitAuthElement.calls.deactivate(this.#token!, integration.integrationId);
      const session = this.#session!;
      this.#session = { ...session, integrations: session.integrations.filter((i) => i.integrationId !== integration.integrationId) };
      picker.notice = { kind: 'ok', text: TEXTS.deactivated(integration.appLabel) };
      this.#emit('onDeactivate', { integrationDetails: details });
    } catch (error) {
      const failure = asEngineError(error);
      if (failure.endsSession && failure.status !== 409) return this.#sessionFailed(failure, true);
      picker.notice = { kind: 'error', text: failure.msg };
    } finally {
      Object.assign(picker, { deactivating: false, confirming: null });
    }
    this.#render(bySelector('.notice, .alert'));
  }

  // ---- rendering -------------------------------------------------------------------------------

  /** Moves to a screen; `focus` moves the focus into it (true: its start) when the end customer moved there. */
  #show(screen: Screen, focus: boolean | Focus = false): void {
    this.#screen = screen;
    this.#render(focus === true ? screenStart : focus || undefined);
  }

  #render(focus?: Focus): void {
    renderView(this.#view, focus);
  }
}
