import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConnectScreen } from '../../../src/dashboard/pages/magic/ConnectScreen.tsx';
import { ConnectTextsContext, connectTextsFor, ENGLISH_CONNECT_TEXTS } from '../../../src/dashboard/pages/magic/connectTexts.ts';
import { oauthApp, session } from './connectFixtures.ts';

// The end customer's pages speak the magic link's language: German has a table of its own (the
// typecheck fails when it misses a text), any other language reads English.
afterEach(cleanup);

describe('the texts of a language', () => {
  it('German for de in any spelling, English for the rest', () => {
    for (const language of ['de', 'DE', 'de-AT', 'de_CH']) expect(connectTextsFor(language).signInWith('X')).toBe('Mit X anmelden');
    for (const language of ['en', 'fr', 'es', '', null, undefined, 'deu']) expect(connectTextsFor(language)).toBe(ENGLISH_CONNECT_TEXTS);
  });

  it('every German text is a translation, not the English one left in place', () => {
    const de = connectTextsFor('de');
    const sample = (text: string | ((...args: string[]) => string)) => (typeof text === 'string' ? text : text('A', 'B', 'C'));
    const same = (Object.keys(ENGLISH_CONNECT_TEXTS) as (keyof typeof ENGLISH_CONNECT_TEXTS)[])
      .filter((key) => sample(de[key]) === sample(ENGLISH_CONNECT_TEXTS[key]));
    // The product's word for sandbox apps is the same in German.
    expect(same).toEqual(['sandbox']);
  });

  it('renders the connect screen and its OAuth sign-in in German', () => {
    render(
      <ConnectTextsContext.Provider value={connectTextsFor('de')}>
        <ConnectScreen session={session({ language: 'de', testAccount: true })} token="tok_1" />
      </ConnectTextsContext.Provider>,
    );
    expect(screen.getByRole('heading', { name: 'Verbinden Sie Ihre Apps mit Acme' })).toBeTruthy();
    expect(screen.getByText('Testkonto')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Apps suchen' }), { target: { value: 'zzz' } });
    expect(screen.getByText('Keine HRIS-App passt zu „zzz“.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Apps suchen' }), { target: { value: '' } });
    fireEvent.click(within(screen.getByRole('list', { name: 'HRIS-Apps' })).getByRole('button', { name: oauthApp.label }));
    const form = screen.getByRole('form', { name: `${oauthApp.label} verbinden` });
    expect(within(form).getByRole('button', { name: 'Alle Apps' })).toBeTruthy();
    expect(within(form).getByText(/Ein Fenster von HRIS Sandbox \(OAuth\) öffnet sich/)).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: `Mit ${oauthApp.label} anmelden` }));
    // The field's label and its required message are the engine's (the catalog's), as sent.
    expect(within(form).getByText('Your account subdomain is required')).toBeTruthy();
  });
});
