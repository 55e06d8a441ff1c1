import { KNIT_AUTH } from '../shared/embedSnippets.ts';
import type { Notice, OAuthPhase } from './appScreens.ts';
import type { Category, ConnectApp } from './engineCalls.ts';
import { TITLE_ID } from './screens.ts';
import type { FieldErrors, SetupValues } from './setupForm.ts';

// What <knit-auth> shows and holds between renders, and where a render puts the focus.

export type Screen =
  | { name: 'waiting' }
  | { name: 'loading' }
  | { name: 'failed'; message: string; final: boolean }
  | { name: 'closed' }
  | { name: 'intro' }
  | { name: 'apps' }
  | { name: 'setup'; app: ConnectApp }
  | { name: 'done'; appLabel: string; integrationId: string };

export interface SetupState {
  values: SetupValues;
  errors: FieldErrors;
  formError: string | null;
  busy: boolean;
  confirmed: Set<string>;
  oauth: OAuthPhase;
  /** A started sign-in whose window the browser blocked, for the end customer's own click. */
  blocked?: { authorizeUrl: string; state: string };
}

/** The app picker's own state: the category shown, the search, and a Deactivate under way. */
export interface PickerState {
  category: Category | null;
  search: string;
  /** The integration whose Deactivate waits for confirmation. */
  confirming: string | null;
  deactivating: boolean;
  notice: Notice | null;
}

export const freshPicker = (category: Category | null): PickerState => ({ category, search: '', confirming: null, deactivating: false, notice: null });

export const TOKEN = KNIT_AUTH.tokenAttribute;
/** As the DOM keeps it: HTML attribute names are lower case. */
export const SKIP_INTRO = KNIT_AUTH.skipIntroAttribute.toLowerCase();
export const freshSetup = (): SetupState => ({ values: {}, errors: {}, formError: null, busy: false, confirmed: new Set(), oauth: 'idle' });

/** Where the focus goes after a render: an element of the new content, found by its own lookups. */
export type Focus = (root: HTMLElement) => HTMLElement | null | undefined;
export const byId = (id: string): Focus => (root) => [...root.querySelectorAll<HTMLElement>('[id]')].find((element) => element.id === id);
export const bySelector = (selector: string): Focus => (root) => root.querySelector<HTMLElement>(selector);
/** The screen's title, else its first button (the closed screen has no title). */
export const screenStart: Focus = (root) => byId(TITLE_ID)(root) ?? root.querySelector<HTMLElement>('.body button');
export const fieldId = (name: string) => `knit-field-${name}`;
