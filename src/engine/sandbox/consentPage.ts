import type { SandboxScope } from './registration.ts';

// The sandbox OAuth server's pages: the consent page (what the app asks for, Allow or Deny) and the
// error page. Plain HTML with no script (the engine's CSP allows none inline), native buttons in
// one form (reachable and pressed with the keyboard; Enter presses the first, Deny), a visible
// focus ring, and text that says what happens next.

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const STYLE = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f4f6f8; color: #1f2937; }
  main { box-sizing: border-box; width: min(28rem, calc(100vw - 2rem)); margin: 1rem; padding: 2rem; background: #fff; border-radius: 12px; box-shadow: 0 1px 3px rgb(0 0 0 / 0.15); }
  .vendor { margin: 0 0 0.5rem; font-size: 0.875rem; color: #4b5563; }
  h1 { margin: 0 0 1rem; font-size: 1.375rem; line-height: 1.3; }
  ul { padding-left: 1.25rem; }
  li { margin: 0.375rem 0; }
  .note { font-size: 0.875rem; color: #4b5563; }
  .actions { display: flex; gap: 0.75rem; justify-content: flex-end; margin-top: 1.5rem; }
  button { font: inherit; font-weight: 600; padding: 0.625rem 1.25rem; border-radius: 8px; cursor: pointer; border: 1px solid #9ca3af; background: #fff; color: #1f2937; }
  button[value="allow"] { background: #1d4ed8; border-color: #1d4ed8; color: #fff; }
  button:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
`;

function layout(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main aria-labelledby="title">
${body}
</main>
</body>
</html>`;
}

export interface ConsentPageInput {
  appLabel: string;
  /** The sandbox account being connected. */
  accountId: string;
  scopes: SandboxScope[];
  /** Where the form posts (this interaction). */
  action: string;
  /** The origin the answer is sent back to. */
  returnTo: string;
}

export function consentPage(input: ConsentPageInput): string {
  const app = escape(input.appLabel);
  return layout(`Allow access to ${input.appLabel}`, `
<p class="vendor">${app} &middot; sandbox</p>
<h1 id="title">Allow access to your ${app} account?</h1>
<p>An integration wants to connect to your ${app} account${input.accountId ? ` <strong>${escape(input.accountId)}</strong>` : ''}. If you allow it, it can:</p>
<ul>
${input.scopes.map((s) => `<li>${escape(s.description)}</li>`).join('\n')}
</ul>
<p class="note">This is a sandbox account: its records are generated for testing. Whichever you choose, you are sent back to ${escape(input.returnTo)}.</p>
<form method="post" action="${escape(input.action)}">
<div class="actions">
<button type="submit" name="decision" value="deny">Deny</button>
<button type="submit" name="decision" value="allow">Allow</button>
</div>
</form>`);
}

export function errorPage(message: string): string {
  return layout('Sign-in failed', `
<h1 id="title">Something went wrong</h1>
<p>${escape(message)}</p>`);
}
