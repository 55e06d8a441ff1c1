import { REACT_ADMIN_STORE_PREFIX, SESSION_STORAGE_KEY, SIDEBAR_OPEN_STORE_KEY } from './storageKeys.ts';
import {
  accent,
  border,
  fontFamily,
  HEADER_HEIGHT,
  ink,
  logoMark,
  MAIN_MAX_WIDTH,
  MD_BREAKPOINT_PX,
  muted,
  placeholder,
  SIDEBAR_COLLAPSED_WIDTH,
  SIDEBAR_WIDTH,
  surface,
} from '../theme/tokens.ts';

// What a signed-in /dashboard page shows before any of its JavaScript has run: the shell's frame
// (sidebar with the product's name, header, a page of placeholder rows) in plain HTML and CSS,
// written into index.html at build time (vite.config.ts). A cold visit otherwise shows a blank
// page for the second the modules and first calls take. React replaces it on its first render
// (createRoot empties its container). A small inline script puts it in only on /dashboard routes
// and only with a stored session (a signed-out visit goes to /signup, which has no sidebar), in
// the sidebar's remembered state; the engine's Content-Security-Policy allows that script by hash.

/** The id of the template holding the frame (tests look for it). */
export const FIRST_PAINT_TEMPLATE_ID = 'first-paint';
/** The class of the frame's root element in the page. */
export const FIRST_PAINT_CLASS = 'first-paint';

const COLUMNS = 5;
const ROWS = 10;
const MENU_ITEMS = 7;

const css = `
.${FIRST_PAINT_CLASS}{position:fixed;inset:0;display:flex;overflow:hidden;background:${surface};font-family:${fontFamily};color:${ink};-webkit-font-smoothing:antialiased}
.${FIRST_PAINT_CLASS} *{box-sizing:border-box}
.fp-bar{display:block;background:${placeholder};border-radius:4px;height:12px}
.fp-side{width:${SIDEBAR_WIDTH}px;flex-shrink:0;background:#fff;border-right:1px solid ${border}}
.fp-brand{height:${HEADER_HEIGHT}px;display:flex;align-items:center;gap:10px;padding:0 18px;border-bottom:1px solid ${border}}
.fp-name{font-weight:700;font-size:17px;letter-spacing:-0.01em;white-space:nowrap}
.fp-name span{color:${muted};font-weight:500;margin-left:6px}
.fp-menu{padding:12px 16px}
.fp-menu .fp-bar{height:28px;border-radius:10px;margin-bottom:10px}
.fp-collapsed .fp-side{width:${SIDEBAR_COLLAPSED_WIDTH}px}
.fp-collapsed .fp-name{display:none}
.fp-body{flex:1;min-width:0;display:flex;flex-direction:column}
.fp-header{height:${HEADER_HEIGHT}px;flex-shrink:0;display:flex;align-items:center;gap:12px;padding:0 32px;background:#fff;border-bottom:1px solid ${border}}
.fp-header .fp-mark{display:none}
.fp-crumbs{flex:1;min-width:0}
.fp-avatar{width:34px;height:34px;border-radius:50%;background:${placeholder}}
.fp-main{width:100%;max-width:${MAIN_MAX_WIDTH}px;margin:0 auto;padding:32px}
.fp-title{height:40px;display:flex;align-items:center;margin-bottom:24px}
.fp-card{background:#fff;border:1px solid ${border};border-radius:15px;overflow:hidden}
.fp-row{display:grid;grid-template-columns:repeat(${COLUMNS},minmax(96px,1fr));column-gap:16px;align-items:center;padding:16px;border-bottom:1px solid ${border}}
.fp-head{background:${surface}}
@media (max-width:${MD_BREAKPOINT_PX - 0.05}px){
.fp-side{display:none}
.fp-header{padding:0 16px}
.fp-header .fp-mark{display:block}
.fp-main{padding:20px 16px}
}`.replace(/\n/g, '');

/** The product mark, as components/Logo.tsx draws it. */
const mark = (size: number, className = '') =>
  `<svg${className ? ` class="${className}"` : ''} viewBox="0 0 32 32" width="${size}" height="${size}" aria-hidden="true">`
  + `<rect width="32" height="32" rx="${logoMark.cornerRadius}" fill="${accent}"/>`
  + `<path d="${logoMark.links}" stroke="#fff" stroke-width="${logoMark.linkWidth}" stroke-linecap="round"/>`
  + logoMark.nodes.map(([cx, cy]) => `<circle cx="${cx}" cy="${cy}" r="${logoMark.nodeRadius}" fill="${logoMark.nodeFill}"/>`).join('')
  + `</svg>`;

const repeat = (count: number, html: (index: number) => string) => Array.from({ length: count }, (_, i) => html(i)).join('');
const bar = (widthPercent: number) => `<span class="fp-bar" style="width:${widthPercent}%"></span>`;

const frame = `<div class="${FIRST_PAINT_CLASS}">`
  + `<div class="fp-side"><div class="fp-brand">${mark(30)}<span class="fp-name">Knit<span>Dashboard</span></span></div>`
  + `<div class="fp-menu">${repeat(MENU_ITEMS, () => bar(100))}</div></div>`
  + `<div class="fp-body"><div class="fp-header">${mark(30, 'fp-mark')}<div class="fp-crumbs">${bar(12)}</div><div class="fp-avatar"></div></div>`
  + `<div class="fp-main" role="progressbar" aria-label="Loading" aria-busy="true"><div class="fp-title"><span class="fp-bar" style="width:220px;height:22px"></span></div>`
  + `<div class="fp-card"><div class="fp-row fp-head">${repeat(COLUMNS, () => bar(60))}</div>`
  + repeat(ROWS, (row) => `<div class="fp-row">${repeat(COLUMNS, (column) => bar(60 + ((row + column) % 4) * 10))}</div>`)
  + `</div></div></div></div>`;

/** Runs as the page is parsed: puts the frame in #root on a signed-in /dashboard route. */
const script = `(function(){try{`
  + `var root=document.getElementById('root'),template=document.getElementById('${FIRST_PAINT_TEMPLATE_ID}');`
  + `if(!root||!template||root.firstChild||!/^\\/dashboard(\\/|$)/.test(location.pathname)||localStorage.getItem(${JSON.stringify(SESSION_STORAGE_KEY)})===null)return;`
  + `var content=template.content.cloneNode(true);`
  + `if(localStorage.getItem(${JSON.stringify(`${REACT_ADMIN_STORE_PREFIX}.${SIDEBAR_OPEN_STORE_KEY}`)})==='false')content.firstChild.classList.add('fp-collapsed');`
  + `root.appendChild(content);`
  + `}catch(e){}})();`;

/** The frame's style, for index.html's head. */
export const firstPaintStyle = (): string => `<style>${css}</style>`;

/** The template and the script that uses it, for index.html right after its #root element. */
export const firstPaintBody = (): string => `<template id="${FIRST_PAINT_TEMPLATE_ID}">${frame}</template><script>${script}</script>`;
