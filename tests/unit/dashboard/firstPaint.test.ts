// @vitest-environment jsdom
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LogoMark } from '../../../src/dashboard/components/Logo.tsx';
import { FIRST_PAINT_CLASS, firstPaintBody, firstPaintStyle } from '../../../src/dashboard/app/firstPaint.ts';
import { REACT_ADMIN_STORE_PREFIX, SESSION_STORAGE_KEY, SIDEBAR_OPEN_STORE_KEY } from '../../../src/dashboard/app/storageKeys.ts';
import { HEADER_HEIGHT, SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from '../../../src/dashboard/theme/tokens.ts';

// The shell's frame that index.html paints before any module has run: only on a signed-in
// /dashboard route, in the sidebar's remembered state, in the shell's own measures.
function load(path: string, stored: Record<string, string> = {}): Document {
  localStorage.clear();
  for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
  history.replaceState(null, '', path);
  document.head.innerHTML = firstPaintStyle();
  document.body.innerHTML = `<div id="root"></div>${firstPaintBody()}`;
  // innerHTML does not run scripts: the page's inline script is run as the parser would.
  new Function(document.body.querySelector('script')!.textContent!)();
  return document;
}

const signedIn = { [SESSION_STORAGE_KEY]: 'encrypted-session' };
const frameOf = (document: Document) => document.querySelector(`#root > .${FIRST_PAINT_CLASS}`);

describe('the first paint', () => {
  it('puts the shell frame in #root on a signed-in /dashboard route', () => {
    for (const path of ['/dashboard/logs', '/dashboard/accounts?filter=%7B%7D', '/dashboard']) {
      const frame = frameOf(load(path, signedIn));
      expect(frame, path).not.toBeNull();
      expect(frame!.classList.contains('fp-collapsed')).toBe(false);
      expect(frame!.textContent).toContain('Knit');
      expect(frame!.querySelector('[role="progressbar"][aria-label="Loading"]')).not.toBeNull();
    }
  });

  it('leaves #root empty without a stored session or off the dashboard', () => {
    expect(load('/dashboard/logs').getElementById('root')!.childNodes).toHaveLength(0);
    for (const path of ['/signup', '/', '/magic/authorize', '/dashboardish']) {
      expect(load(path, signedIn).getElementById('root')!.childNodes, path).toHaveLength(0);
    }
  });

  it('draws the sidebar as a rail when the user collapsed it', () => {
    const frame = frameOf(load('/dashboard/home', { ...signedIn, [`${REACT_ADMIN_STORE_PREFIX}.${SIDEBAR_OPEN_STORE_KEY}`]: 'false' }));
    expect(frame!.classList.contains('fp-collapsed')).toBe(true);
    expect(frameOf(load('/dashboard/home', { ...signedIn, [`${REACT_ADMIN_STORE_PREFIX}.${SIDEBAR_OPEN_STORE_KEY}`]: 'true' }))!.classList.contains('fp-collapsed')).toBe(false);
  });

  it("uses the shell's measures", () => {
    const style = firstPaintStyle();
    expect(style).toContain(`width:${SIDEBAR_WIDTH}px`);
    expect(style).toContain(`width:${SIDEBAR_COLLAPSED_WIDTH}px`);
    expect(style).toContain(`height:${HEADER_HEIGHT}px`);
  });

  it('draws the same product mark as the shell', () => {
    const shapes = (svg: Element) => [...svg.children].map((shape) =>
      [shape.tagName.toLowerCase(), ...['rx', 'fill', 'd', 'stroke', 'stroke-width', 'cx', 'cy', 'r'].map((name) => shape.getAttribute(name))].join(' '));
    const host = document.createElement('div');
    host.innerHTML = renderToStaticMarkup(createElement(LogoMark, { size: 30 }));
    const shell = host.querySelector('svg')!;
    const frame = frameOf(load('/dashboard/logs', signedIn))!.querySelector('.fp-brand svg')!;
    expect(shapes(frame)).toEqual(shapes(shell));
    expect(shapes(frame)).toHaveLength(4);
  });
});
