import { createContext, useContext } from 'react';
import { manualStepConfirmation } from '../../../shared/connectSteps.ts';

// The texts of the end customer's pages (the connect screen of /magic/authorize, /admin/authorize
// and /oauth/authorize, and the /oauth callback window), one table per language of the magic link
// (connect.getSession's language). Every table has the type of the English one, so a text missing
// from a translation fails the typecheck; a language without a table reads English.
// The engine's messages (errors, field labels) are shown as the engine sends them.

const en = {
  // The frame and the header of the connect screen
  defaultCompany: 'Integrations',
  secureConnection: 'Secure connection',
  yourProvider: 'Your provider',
  testAccount: 'Test account',
  sandbox: 'Sandbox',
  connectTitle: (company: string) => `Connect your apps to ${company}`,
  connectIntro: (company: string, org: string) =>
    `${company} asks ${org} to connect the tool it uses. Choose your app, then enter the details ${company} needs to read its data.`,
  reconnectTitle: (app: string, company: string) => `Reconnect ${app} to ${company}`,
  reconnectIntro: (org: string, app: string) => `The connection of ${org} to ${app} needs new credentials. Enter them below to restore it.`,
  yourApp: 'your app',
  thisApp: 'this app',
  adminBadge: 'Admin mode',
  adminTitle: (org: string) => `Connect an app for ${org}`,
  adminIntro: (company: string, org: string) =>
    `You are connecting an account on behalf of ${org}, the end customer of ${company}. Sign in or enter the details of ${org}'s own account, not yours.`,
  appTitle: (app: string, company: string) => `Connect ${app} to ${company}`,
  appIntro: (company: string, org: string, app: string) => `${company} asks ${org} to connect ${app}. Sign in below to allow it to read the data ${company} needs.`,
  noApps: 'This link offers no app to connect. Please ask the person who sent it to you for a new link.',
  appNotOffered: 'The app this link names is not offered by it. Choose one of the apps below.',
  // The app picker
  appCategories: 'App categories',
  searchApps: 'Search apps',
  searchCategoryApps: (category: string) => `Search ${category} apps`,
  categoryApps: (category: string) => `${category} apps`,
  noAppMatches: (category: string, search: string) => `No ${category} app matches "${search}".`,
  signInUnavailableShort: 'Sign-in not available yet',
  signInUnavailableLabel: ' (sign-in not available yet)',
  // The setup form
  allApps: 'All apps',
  signInUnavailable: (app: string) =>
    `${app} connects with a sign-in at ${app} (OAuth), which is not available right now. Please choose another app, or ask the sender of this link for help.`,
  noCredentials: (app: string) => `${app} needs no credentials: connect it with one click.`,
  credentialsSealed: 'Credentials are encrypted when stored and are never shown again.',
  connecting: 'Connecting…',
  connectApp: (app: string) => `Connect ${app}`,
  manualStep: manualStepConfirmation,
  // The OAuth sign-in
  signInWith: (app: string) => `Sign in with ${app}`,
  signInHint: (app: string, company: string) => `A window of ${app} opens for you to sign in and allow access. ${company} never sees your ${app} password.`,
  signingIn: 'Opening the sign-in…',
  waitingForSignIn: (app: string) => `Finish signing in to ${app} in the window that opened.`,
  showWindow: 'Show the window',
  cancel: 'Cancel',
  popupBlocked: 'Your browser blocked the sign-in window.',
  openSignInWindow: 'Open the sign-in window',
  popupClosed: 'The sign-in window was closed before finishing. Try again.',
  tryAgain: 'Try again',
  // The end
  connectedTitle: (app: string) => `${app} is connected`,
  reconnectedTitle: (app: string) => `${app} is reconnected`,
  doneText: (company: string, org: string, app: string) => `${company} can now work with ${org}'s ${app} data. You can close this window.`,
  theApp: 'The app',
  integrationId: 'Integration ID',
  // The /oauth callback window
  completingSignIn: 'Completing the sign-in…',
  connected: 'Connected.',
  signInFailed: 'The sign-in did not finish',
  closesItself: 'This window closes by itself.',
  canClose: 'You can close this window.',
};

export type ConnectTexts = typeof en;

const de: ConnectTexts = {
  defaultCompany: 'Integrationen',
  secureConnection: 'Sichere Verbindung',
  yourProvider: 'Ihr Anbieter',
  testAccount: 'Testkonto',
  sandbox: 'Sandbox',
  connectTitle: (company) => `Verbinden Sie Ihre Apps mit ${company}`,
  connectIntro: (company, org) =>
    `${company} bittet ${org}, das verwendete Tool zu verbinden. Wählen Sie Ihre App und geben Sie dann die Angaben ein, die ${company} zum Lesen der Daten benötigt.`,
  reconnectTitle: (app, company) => `${app} erneut mit ${company} verbinden`,
  reconnectIntro: (org, app) => `Die Verbindung von ${org} mit ${app} benötigt neue Zugangsdaten. Geben Sie sie unten ein, um sie wiederherzustellen.`,
  yourApp: 'Ihre App',
  thisApp: 'diese App',
  adminBadge: 'Admin-Modus',
  adminTitle: (org) => `Eine App für ${org} verbinden`,
  adminIntro: (company, org) =>
    `Sie verbinden ein Konto im Auftrag von ${org}, Endkunde von ${company}. Melden Sie sich mit dem eigenen Konto von ${org} an oder geben Sie dessen Angaben ein, nicht Ihre.`,
  appTitle: (app, company) => `${app} mit ${company} verbinden`,
  appIntro: (company, org, app) => `${company} bittet ${org}, ${app} zu verbinden. Melden Sie sich unten an, um das Lesen der Daten zu erlauben, die ${company} benötigt.`,
  noApps: 'Dieser Link bietet keine App zum Verbinden an. Bitten Sie die Person, die ihn Ihnen geschickt hat, um einen neuen Link.',
  appNotOffered: 'Die App, die dieser Link nennt, wird von ihm nicht angeboten. Wählen Sie eine der folgenden Apps.',
  appCategories: 'App-Kategorien',
  searchApps: 'Apps suchen',
  searchCategoryApps: (category) => `${category}-Apps suchen`,
  categoryApps: (category) => `${category}-Apps`,
  noAppMatches: (category, search) => `Keine ${category}-App passt zu „${search}“.`,
  signInUnavailableShort: 'Anmeldung noch nicht verfügbar',
  signInUnavailableLabel: ' (Anmeldung noch nicht verfügbar)',
  allApps: 'Alle Apps',
  signInUnavailable: (app) =>
    `${app} wird über eine Anmeldung bei ${app} (OAuth) verbunden, die gerade nicht verfügbar ist. Bitte wählen Sie eine andere App oder fragen Sie die Person, die Ihnen diesen Link geschickt hat.`,
  noCredentials: (app) => `${app} benötigt keine Zugangsdaten: Verbinden Sie die App mit einem Klick.`,
  credentialsSealed: 'Zugangsdaten werden verschlüsselt gespeichert und nie wieder angezeigt.',
  connecting: 'Wird verbunden …',
  connectApp: (app) => `${app} verbinden`,
  manualStep: (stepId, app) =>
    stepId === 'grantAccess'
      ? `Ich habe dem Integrationsbenutzer in ${app} Zugriff auf unsere Daten gegeben`
      : `Ich habe den Schritt „${stepId}“ in ${app} abgeschlossen`,
  signInWith: (app) => `Mit ${app} anmelden`,
  signInHint: (app, company) => `Ein Fenster von ${app} öffnet sich, in dem Sie sich anmelden und den Zugriff erlauben. ${company} sieht Ihr ${app}-Passwort nie.`,
  signingIn: 'Anmeldung wird geöffnet …',
  waitingForSignIn: (app) => `Schließen Sie die Anmeldung bei ${app} in dem geöffneten Fenster ab.`,
  showWindow: 'Fenster anzeigen',
  cancel: 'Abbrechen',
  popupBlocked: 'Ihr Browser hat das Anmeldefenster blockiert.',
  openSignInWindow: 'Anmeldefenster öffnen',
  popupClosed: 'Das Anmeldefenster wurde geschlossen, bevor die Anmeldung abgeschlossen war. Versuchen Sie es erneut.',
  tryAgain: 'Erneut versuchen',
  connectedTitle: (app) => `${app} ist verbunden`,
  reconnectedTitle: (app) => `${app} ist wieder verbunden`,
  doneText: (company, org, app) => `${company} kann jetzt mit den ${app}-Daten von ${org} arbeiten. Sie können dieses Fenster schließen.`,
  theApp: 'Die App',
  integrationId: 'Integrations-ID',
  completingSignIn: 'Anmeldung wird abgeschlossen …',
  connected: 'Verbunden.',
  signInFailed: 'Die Anmeldung wurde nicht abgeschlossen',
  closesItself: 'Dieses Fenster schließt sich von selbst.',
  canClose: 'Sie können dieses Fenster schließen.',
};

const TEXTS: Record<string, ConnectTexts> = { en, de };

/** The texts of a magic link's language ('de', 'de-AT', 'DE'); English for any other. */
export function connectTextsFor(language: string | null | undefined): ConnectTexts {
  const primary = (language ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return TEXTS[primary] ?? en;
}

export const ENGLISH_CONNECT_TEXTS = en;

/** The texts of the page's language: a page provides them once it knows the session's language. */
export const ConnectTextsContext = createContext<ConnectTexts>(en);

export const useConnectTexts = (): ConnectTexts => useContext(ConnectTextsContext);
