import { h, icon } from './dom.ts';
import type { ConnectSession } from './engineCalls.ts';
import { TEXTS } from './texts.ts';

// The component's frame (the organisation's logo and name, Close, its terms link) and the screens
// around the connect flow: waiting, loading, a session that cannot be used, closed, the intro and
// the end. Every screen has one h2 with id knit-title, which takes the focus when the end customer
// moved to the screen (never on the page's own load, which would scroll the page to it).

type Branding = ConnectSession['branding'];
export const TITLE_ID = 'knit-title';

const title = (text: string) => h('h2', { id: TITLE_ID, tabindex: -1 }, text);

export function frame(branding: Branding | null, onClose: (() => void) | null, ...content: Node[]): HTMLElement {
  return h('section', { class: 'panel', 'aria-labelledby': TITLE_ID },
    h('header', { class: 'head' },
      branding && h('img', { src: branding.logoUrl, alt: '', width: 28, height: 28 }),
      branding && h('span', { class: 'org' }, branding.orgName),
      onClose && h('button', { type: 'button', class: 'iconbutton close', 'aria-label': TEXTS.close, on: { click: onClose } }, icon('close'))),
    h('div', { class: 'body' }, content),
    h('footer', { class: 'foot' },
      branding?.tncUrl && h('a', { href: branding.tncUrl, target: '_blank', rel: 'noopener noreferrer' }, TEXTS.terms),
      h('span', { class: 'secure' }, icon('lock'), TEXTS.secure)));
}

/** Waiting for a token, or for the engine: a spinner and what is going on, announced politely. */
export function statusScreen(text: string): Node {
  return h('div', { class: 'status', role: 'status', 'aria-live': 'polite' },
    h('div', { class: 'spinner', 'aria-hidden': 'true' }),
    h('h2', { id: TITLE_ID, tabindex: -1, class: 'visually-hidden' }, text),
    h('p', {}, text));
}

/** A session the engine refused (final: only a new token helps) or could not read (try again). */
export function failedScreen(message: string, final: boolean, onAction: () => void): Node {
  return h('div', { class: 'status' },
    title(TEXTS.sessionFailed),
    h('p', { role: 'alert' }, message),
    h('button', { type: 'button', class: 'secondary', on: { click: onAction } }, final ? TEXTS.startAgain : TEXTS.tryAgain));
}

/** After Close: the way back in (which asks the page for a new session). */
export function closedScreen(onReopen: () => void): Node {
  return h('button', { type: 'button', class: 'primary', on: { click: onReopen } }, TEXTS.reopen);
}

/** Who the customer is to the end customer, and the badges of a test or sandbox session. */
export function sessionHeading(session: ConnectSession, text: string, lead: string | null): (Node | false)[] {
  return [
    h('div', { class: 'overline' },
      h('span', {}, session.originOrgName),
      session.testAccount && h('span', { class: 'chip warn' }, TEXTS.testAccount),
      session.sandbox && h('span', { class: 'chip' }, TEXTS.sandbox)),
    title(text),
    lead !== null && h('p', { class: 'muted' }, lead),
  ];
}

/** The intro: the organisation's logo, its introduction points and terms (Personalize), Continue. */
export function introScreen(session: ConnectSession, onContinue: () => void): Node {
  const { branding } = session;
  return h('div', { class: 'stack' },
    h('div', { class: 'hero' },
      h('img', { src: branding.logoUrl, alt: `${branding.orgName} logo`, width: 56, height: 56 }),
      ...sessionHeading(session, TEXTS.heading(branding.orgName), null)),
    h('ul', { class: 'points' }, branding.customPoints.map((point) => h('li', {}, icon('check'), h('span', {}, point)))),
    branding.tncUrl && h('p', { class: 'muted' },
      `${TEXTS.agree(branding.orgName)} `, h('a', { href: branding.tncUrl, target: '_blank', rel: 'noopener noreferrer' }, TEXTS.terms), '.'),
    h('button', { type: 'button', class: 'primary', on: { click: onContinue } }, TEXTS.continue));
}

interface DoneProps {
  session: ConnectSession;
  appLabel: string;
  integrationId: string;
  onAnother: (() => void) | null;
}

/** The end: what was connected, for whom, and the integration id to quote to support. */
export function doneScreen({ session, appLabel, integrationId, onAnother }: DoneProps): Node {
  const org = session.branding.orgName;
  return h('div', { class: 'done', 'data-testid': 'knit-done' },
    icon('success', 'icon big'),
    title(session.reintegrate ? TEXTS.reconnected(appLabel) : TEXTS.connected(appLabel)),
    h('p', { class: 'muted' }, TEXTS.connectedLead(org, session.originOrgName, appLabel)),
    h('div', { class: 'idbox' },
      h('div', { class: 'muted' }, TEXTS.integrationId),
      h('code', { 'data-testid': 'knit-integration-id' }, integrationId)),
    onAnother && h('button', { type: 'button', class: 'secondary', on: { click: onAnother } }, TEXTS.another));
}
