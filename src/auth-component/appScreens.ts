import { manualStepConfirmation } from '../shared/connectSteps.ts';
import { h, icon } from './dom.ts';
import type { Category, ConnectApp, ConnectIntegration, ConnectSession } from './engineCalls.ts';
import { sessionHeading } from './screens.ts';
import { fieldsOf, manualStepsOf, matchesSearch, oauthStepOf, type FieldErrors, type SetupValues } from './setupForm.ts';
import { TEXTS } from './texts.ts';

// The two screens of the connect flow itself: the app picker (category tabs, search, the apps as
// buttons, and the end customer's connected apps with Deactivate) and the chosen app's setup
// (its fields with required markers and the engine's errors, manual steps, Connect or Sign in).

export interface Notice {
  kind: 'ok' | 'error';
  text: string;
}

export interface AppsProps {
  session: ConnectSession;
  category: Category;
  search: string;
  /** The integration whose Deactivate waits for confirmation. */
  confirming: string | null;
  busy: boolean;
  notice: Notice | null;
  onCategory: (category: Category) => void;
  onSearch: (search: string) => void;
  onPick: (app: ConnectApp) => void;
  onAskDeactivate: (integrationId: string | null) => void;
  onDeactivate: (integration: ConnectIntegration) => void;
}

/** The app's logo, or its initials on a neutral tile when the catalog has none. */
export function appLogo(app: { label: string; logo: string | null }): Node {
  if (app.logo) return h('img', { class: 'logo', src: app.logo, alt: '', width: 36, height: 36 });
  return h('span', { class: 'logo initials', 'aria-hidden': 'true' }, app.label.slice(0, 2).toUpperCase());
}

export const noticeOf = (notice: Notice | null) =>
  notice && h('div', notice.kind === 'ok' ? { class: 'notice', role: 'status' } : { class: 'alert', role: 'alert' }, notice.text);

function connectedApps(props: AppsProps): Node | null {
  const { session, confirming, busy } = props;
  if (session.integrations.length === 0) return null;
  const labelOf = new Map(session.categories.map((c) => [c.category, c.label]));
  return h('div', { class: 'stack' },
    h('h3', {}, TEXTS.connectedApps),
    h('ul', { class: 'connected', 'aria-label': TEXTS.connectedApps }, session.integrations.map((integration) =>
      h('li', {},
        appLogo({ label: integration.appLabel, logo: integration.logo }),
        h('span', { class: 'what' }, h('strong', {}, integration.appLabel), h('span', { class: 'muted' }, ` · ${labelOf.get(integration.category) ?? integration.category}`)),
        confirming === integration.integrationId
          ? h('div', { class: 'confirm', role: 'group', 'aria-label': TEXTS.deactivateLabel(integration.appLabel) },
            h('p', {}, TEXTS.deactivateQuestion(integration.appLabel, session.branding.orgName)),
            h('div', { class: 'actions' },
              h('button', { type: 'button', class: 'danger', disabled: busy, 'data-confirm': 'deactivate', on: { click: () => props.onDeactivate(integration) } }, TEXTS.deactivate),
              h('button', { type: 'button', class: 'secondary', disabled: busy, on: { click: () => props.onAskDeactivate(null) } }, TEXTS.cancel)))
          : h('button', { type: 'button', class: 'text', 'aria-label': TEXTS.deactivateLabel(integration.appLabel), on: { click: () => props.onAskDeactivate(integration.integrationId) } }, TEXTS.deactivate)))));
}

/** The grid of the current category's apps that match the search; re-rendered as the search changes. */
export function appList(props: AppsProps): Node {
  const current = props.session.categories.find((c) => c.category === props.category) ?? props.session.categories[0]!;
  const apps = current.apps.filter((app) => matchesSearch(app, props.search));
  if (apps.length === 0) return h('p', { class: 'muted', 'data-part': 'app-list', role: 'status' }, TEXTS.noMatch(current.label, props.search.trim()));
  return h('ul', { class: 'apps', 'data-part': 'app-list', 'aria-label': TEXTS.appsOf(current.label) }, apps.map((app) =>
    h('li', {}, h('button', {
      type: 'button', class: 'app', 'data-app': app.id,
      'aria-label': `${app.label}${app.connectable ? '' : TEXTS.unavailableLabel}`,
      on: { click: () => props.onPick(app) },
    },
    appLogo(app),
    h('span', {}, h('span', { class: 'name' }, app.label),
      app.sandbox && h('span', { class: 'chip' }, TEXTS.sandbox),
      !app.connectable && h('span', { class: 'muted' }, TEXTS.unavailable))))));
}

function categoryTabs(props: AppsProps): Node | null {
  const { categories } = props.session;
  if (categories.length < 2) return null;
  const index = Math.max(0, categories.findIndex((c) => c.category === props.category));
  const move = (event: KeyboardEvent) => {
    const to = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: categories.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    props.onCategory(categories[(to + categories.length) % categories.length]!.category);
  };
  return h('div', { class: 'tabs', role: 'tablist', 'aria-label': TEXTS.categories, on: { keydown: move } }, categories.map((c) =>
    h('button', {
      type: 'button', role: 'tab', id: `knit-tab-${c.category}`, 'aria-selected': String(c.category === props.category),
      'aria-controls': 'knit-apps', tabindex: c.category === props.category ? 0 : -1, on: { click: () => props.onCategory(c.category) },
    }, c.label)));
}

export function appsScreen(props: AppsProps): Node {
  const { session } = props;
  const org = session.branding.orgName;
  const current = session.categories.find((c) => c.category === props.category) ?? session.categories[0];
  return h('div', { class: 'stack' },
    ...sessionHeading(session, TEXTS.heading(org), TEXTS.lead(org, session.originOrgName)),
    noticeOf(props.notice),
    connectedApps(props),
    current
      ? [categoryTabs(props), h('div', { id: 'knit-apps', class: 'stack', ...(session.categories.length > 1 ? { role: 'tabpanel', 'aria-labelledby': `knit-tab-${current.category}` } : {}) },
        h('div', { class: 'search' }, icon('search'), h('input', {
          type: 'search', 'aria-label': TEXTS.searchLabel, placeholder: TEXTS.searchPlaceholder(current.label), value: props.search,
          on: { input: (event) => props.onSearch((event.target as HTMLInputElement).value) },
        })),
        appList(props))]
      : h('p', { class: 'info' }, TEXTS.noApps(org)));
}

export type OAuthPhase = 'idle' | 'starting' | 'waiting' | 'blocked';

export interface SetupProps {
  session: ConnectSession;
  app: ConnectApp;
  values: SetupValues;
  errors: FieldErrors;
  formError: string | null;
  busy: boolean;
  confirmed: ReadonlySet<string>;
  oauth: OAuthPhase;
  onBack: (() => void) | null;
  onInput: (name: string, value: string) => void;
  onConfirm: (stepId: string, checked: boolean) => void;
  onSubmit: () => void;
  onOpenPopup: () => void;
}

function setupFields(props: SetupProps): Node[] {
  const { app, values, errors, busy } = props;
  return fieldsOf(app).map((field) => {
    const id = `knit-field-${field.name}`;
    const error = errors[field.name];
    return h('div', { class: 'field' },
      h('label', { for: id }, field.label, field.required && h('span', { class: 'req', 'aria-hidden': 'true' }, ' *')),
      h('input', {
        id, name: field.name, type: field.type === 'password' ? 'password' : 'text', value: values[field.name] ?? '',
        'aria-required': field.required ? 'true' : undefined, 'aria-invalid': error ? 'true' : undefined,
        'aria-describedby': error ? `${id}-error` : undefined, autocomplete: 'off', spellcheck: 'false', disabled: busy,
        on: { input: (event) => props.onInput(field.name, (event.target as HTMLInputElement).value) },
      }),
      error && h('span', { class: 'error', id: `${id}-error` }, error));
  });
}

export function setupScreen(props: SetupProps): Node {
  const { app, busy, oauth } = props;
  const signsIn = Boolean(oauthStepOf(app));
  const manual = manualStepsOf(app);
  const allConfirmed = manual.every((step) => props.confirmed.has(step.stepId));
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return h('form', { class: 'stack', novalidate: true, 'aria-label': TEXTS.connect(app.label), on: { submit } },
    h('div', { class: 'actions' },
      props.onBack && h('button', { type: 'button', class: 'text', disabled: busy, on: { click: props.onBack } }, icon('back'), TEXTS.allApps)),
    h('div', { class: 'actions' }, appLogo(app), h('h2', { id: 'knit-title', tabindex: -1 }, app.label)),
    !app.connectable
      ? h('p', { class: 'info' }, TEXTS.oauthUnavailable(app.label))
      : [
        props.formError && h('div', { class: 'alert', role: 'alert', 'data-testid': 'knit-error' }, props.formError),
        fieldsOf(app).length === 0 && manual.length === 0 && !signsIn && h('p', { class: 'muted' }, TEXTS.noCredentials(app.label)),
        setupFields(props),
        manual.map((step) => h('label', { class: 'check' },
          h('input', { type: 'checkbox', checked: props.confirmed.has(step.stepId), disabled: busy, on: { change: (event) => props.onConfirm(step.stepId, (event.target as HTMLInputElement).checked) } }),
          h('span', {}, manualStepConfirmation(step.stepId, app.label)))),
        oauth === 'waiting' && h('p', { class: 'info', role: 'status' }, TEXTS.signingIn(app.label)),
        oauth === 'blocked' && h('div', { class: 'alert', role: 'alert' }, TEXTS.popupBlocked, ' ',
          h('button', { type: 'button', class: 'secondary', on: { click: props.onOpenPopup } }, TEXTS.openPopup)),
        h('p', { class: 'note' }, icon('lock'), TEXTS.encrypted),
        h('button', { type: 'submit', class: 'primary', disabled: busy || !allConfirmed },
          busy && h('span', { class: 'spinner', 'aria-hidden': 'true' }),
          signsIn ? TEXTS.signIn(app.label) : busy ? TEXTS.connecting : TEXTS.connect(app.label)),
      ]);
}

/** Takes a field's error away in place, as the end customer types (a render would move the caret). */
export function clearFieldError(root: HTMLElement, name: string): void {
  const id = `knit-field-${name}`;
  const byId = (wanted: string) => [...root.querySelectorAll<HTMLElement>('[id]')].find((element) => element.id === wanted);
  const input = byId(id);
  input?.removeAttribute('aria-invalid');
  input?.removeAttribute('aria-describedby');
  byId(`${id}-error`)?.remove();
}

/** Connect or Sign in is enabled once every manual step is confirmed, updated in place as boxes are ticked. */
export function updateSubmit(root: HTMLElement, app: ConnectApp, setup: { busy: boolean; confirmed: ReadonlySet<string> }): void {
  const submit = root.querySelector<HTMLButtonElement>('[type=submit]');
  if (submit) submit.disabled = setup.busy || !manualStepsOf(app).every((step) => setup.confirmed.has(step.stepId));
}
