// The component's own styles, inside its shadow root: the customer's page styles cannot reach in,
// and these cannot leak out. Colours and corners are custom properties a page may set on the
// element (--knit-accent, --knit-radius, --knit-font). Applied as a constructed stylesheet where
// the browser has one (not an inline <style>, so a page whose CSP forbids inline styles still
// shows the component styled), else as a <style> element.
export const STYLES = `
:host {
  --accent: var(--knit-accent, #1f6feb);
  --radius: var(--knit-radius, 12px);
  --text: #1f2328;
  --muted: #59636e;
  --line: #d1d9e0;
  --soft: #f6f8fa;
  --danger: #cf222e;
  --ok: #1a7f37;
  display: block;
  box-sizing: border-box;
  width: 100%;
  max-width: 560px;
  color: var(--text);
  font: 15px/1.5 var(--knit-font, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif);
}
:host([hidden]) { display: none; }
*, *::before, *::after { box-sizing: inherit; }
.panel { border: 1px solid var(--line); border-radius: var(--radius); background: #fff; overflow: hidden; }
.head { display: flex; align-items: center; gap: 10px; padding: 12px 16px; border-bottom: 1px solid var(--line); }
.head img { width: 28px; height: 28px; border-radius: 6px; flex: none; }
.head .org { font-weight: 600; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.head .close { margin-left: auto; }
.body { padding: 20px 16px; display: grid; gap: 16px; }
.stack { display: grid; gap: 16px; }
.foot { display: flex; flex-wrap: wrap; gap: 4px 12px; align-items: center; padding: 10px 16px; border-top: 1px solid var(--line); color: var(--muted); font-size: 13px; }
.foot .secure { display: inline-flex; align-items: center; gap: 4px; margin-left: auto; }
h2 { font-size: 20px; line-height: 1.3; margin: 0; }
h2:focus { outline: none; }
h3 { font-size: 15px; margin: 0; }
p { margin: 0; }
.muted { color: var(--muted); }
.overline { color: var(--accent); font-size: 12px; font-weight: 600; letter-spacing: .06em; text-transform: uppercase; display: flex; gap: 8px; flex-wrap: wrap; align-items: center; }
.chip { display: inline-block; padding: 0 8px; border-radius: 999px; background: var(--soft); border: 1px solid var(--line); color: var(--muted); font-size: 12px; font-weight: 500; letter-spacing: 0; text-transform: none; }
.chip.warn { background: #fff8c5; border-color: #d4a72c; color: #7d4e00; }
.icon { width: 18px; height: 18px; fill: currentColor; flex: none; }
a { color: var(--accent); }
button { font: inherit; cursor: pointer; border-radius: 8px; border: 1px solid transparent; padding: 8px 14px; min-height: 40px; }
button:disabled { cursor: default; opacity: .6; }
button:focus-visible, input:focus-visible, a:focus-visible, [role=tab]:focus-visible { outline: 3px solid color-mix(in srgb, var(--accent) 45%, transparent); outline-offset: 1px; }
.primary { background: var(--accent); color: #fff; font-weight: 600; width: 100%; display: inline-flex; justify-content: center; align-items: center; gap: 8px; }
.secondary { background: #fff; color: var(--text); border-color: var(--line); }
.text { background: none; color: var(--accent); padding: 4px 8px; min-height: 32px; display: inline-flex; align-items: center; gap: 4px; }
.iconbutton { background: none; padding: 6px; min-height: 0; color: var(--muted); display: inline-flex; }
.danger { background: var(--danger); color: #fff; font-weight: 600; }
.actions { display: flex; gap: 8px; flex-wrap: wrap; }
.points { list-style: none; margin: 0; padding: 0; display: grid; gap: 10px; }
.points li { display: flex; gap: 10px; align-items: flex-start; }
.points .icon { color: var(--ok); margin-top: 3px; }
.hero { display: grid; justify-items: center; text-align: center; gap: 10px; }
.hero img { width: 56px; height: 56px; border-radius: 12px; }
.tabs { display: flex; gap: 4px; overflow-x: auto; border-bottom: 1px solid var(--line); }
[role=tab] { background: none; border: 0; border-bottom: 2px solid transparent; border-radius: 0; color: var(--muted); white-space: nowrap; }
[role=tab][aria-selected=true] { color: var(--accent); border-bottom-color: var(--accent); font-weight: 600; }
.search { position: relative; }
.search .icon { position: absolute; left: 10px; top: 11px; color: var(--muted); }
input[type=text], input[type=password], input[type=search] { font: inherit; width: 100%; padding: 8px 12px; min-height: 40px; border: 1px solid var(--line); border-radius: 8px; background: #fff; color: var(--text); }
input[aria-invalid=true] { border-color: var(--danger); }
.search input[type=search] { padding-left: 36px; }
.apps { list-style: none; margin: 0; padding: 0; display: grid; gap: 10px; grid-template-columns: repeat(auto-fill, minmax(min(100%, 200px), 1fr)); }
.app { width: 100%; display: flex; align-items: center; gap: 10px; padding: 10px; background: #fff; border-color: var(--line); text-align: left; color: var(--text); }
.app:hover { border-color: var(--accent); }
.app > span:last-child { min-width: 0; }
.app .name { font-weight: 600; display: block; overflow-wrap: break-word; line-height: 1.3; }
.logo { width: 36px; height: 36px; border-radius: 8px; flex: none; object-fit: contain; }
.initials { display: grid; place-items: center; background: var(--soft); border: 1px solid var(--line); font-weight: 700; font-size: 13px; color: var(--muted); }
.connected { list-style: none; margin: 0; padding: 0; display: grid; gap: 8px; }
.connected li { display: flex; align-items: center; gap: 10px; padding: 8px 10px; border: 1px solid var(--line); border-radius: 8px; flex-wrap: wrap; }
.connected .what { min-width: 0; flex: 1; }
.confirm { width: 100%; display: grid; gap: 8px; }
.field { display: grid; gap: 4px; }
label { font-weight: 600; font-size: 14px; }
.req { color: var(--danger); }
.error { color: var(--danger); font-size: 13px; }
.alert { border: 1px solid var(--danger); background: #ffebe9; color: #82071e; border-radius: 8px; padding: 10px 12px; }
.notice { border: 1px solid #4ac26b; background: #dafbe1; color: #116329; border-radius: 8px; padding: 10px 12px; }
.info { border: 1px solid var(--line); background: var(--soft); border-radius: 8px; padding: 10px 12px; }
.check { display: flex; gap: 8px; align-items: flex-start; font-weight: 400; }
.check input { margin-top: 4px; width: 18px; height: 18px; }
.note { display: flex; gap: 6px; align-items: center; color: var(--muted); font-size: 13px; }
.status { display: grid; justify-items: center; gap: 12px; padding: 24px 0; text-align: center; color: var(--muted); }
.primary .spinner { width: 16px; height: 16px; border-width: 2px; border-color: rgba(255,255,255,.4); border-top-color: #fff; }
.spinner { width: 28px; height: 28px; border-radius: 50%; border: 3px solid var(--line); border-top-color: var(--accent); animation: spin .8s linear infinite; }
.done { display: grid; justify-items: center; text-align: center; gap: 12px; }
.done .big { width: 56px; height: 56px; color: var(--ok); }
.idbox { padding: 6px 12px; border: 1px solid var(--line); border-radius: 8px; background: var(--soft); }
.idbox code { font: 14px ui-monospace, SFMono-Regular, Menlo, monospace; word-break: break-all; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
@keyframes spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .spinner { animation-duration: 3s; } }
`;

/** Puts the styles into a shadow root. */
export function adoptStyles(root: ShadowRoot): void {
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet !== 'undefined' && 'replaceSync' in CSSStyleSheet.prototype) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(STYLES);
    root.adoptedStyleSheets = [sheet];
    return;
  }
  const style = document.createElement('style');
  style.textContent = STYLES;
  root.appendChild(style);
}
