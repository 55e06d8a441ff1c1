import { request } from 'node:http';

// A browser's part of an OAuth sign-in, over real HTTP to an engine listening on loopback: it keeps
// cookies, follows the authorization server's redirects, and stops at the consent page or at the
// redirect back to the client's callback (PUBLIC_URL/oauth), whose URL it answers.
export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export class OAuthBrowser {
  private readonly cookies = new Map<string, string>();

  constructor(readonly port: number) {}

  /** One request to the engine (a URL on any origin is sent to the engine's port with its path). */
  send(method: 'GET' | 'POST', url: string, options: { form?: Record<string, string>; json?: unknown; headers?: Record<string, string> } = {}): Promise<HttpAnswer> {
    const target = new URL(url, `http://127.0.0.1:${this.port}`);
    const payload = options.form ? new URLSearchParams(options.form).toString() : options.json !== undefined ? JSON.stringify(options.json) : undefined;
    const headers: Record<string, string> = { ...options.headers };
    if (options.form) headers['content-type'] = 'application/x-www-form-urlencoded';
    if (options.json !== undefined) headers['content-type'] = 'application/json';
    if (payload !== undefined) headers['content-length'] = String(Buffer.byteLength(payload));
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    return new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: this.port, path: target.pathname + target.search, method, headers, agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => { body += chunk; });
        res.on('end', () => {
          this.keepCookies(res.headers['set-cookie'] ?? []);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
        });
      });
      req.on('error', reject);
      req.end(payload);
    });
  }

  private keepCookies(lines: string[]): void {
    for (const line of lines) {
      const [pair, ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a) || /^\s*max-age=0\b/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** Follows redirects within the engine until a page is answered or the redirect leaves for the callback screen. */
  async follow(url: string, stopAt: (location: URL) => boolean): Promise<{ last: HttpAnswer; url: string }> {
    let current = url;
    for (let hops = 0; hops < 10; hops += 1) {
      const answer = await this.send('GET', current);
      const location = answer.headers.location;
      if (answer.status < 300 || answer.status >= 400 || typeof location !== 'string') return { last: answer, url: current };
      const next = new URL(location, `http://127.0.0.1:${this.port}${new URL(current, 'http://x').pathname}`);
      if (stopAt(next)) return { last: answer, url: next.toString() };
      current = next.pathname + next.search;
    }
    throw new Error('too many redirects');
  }
}

/** The consent page's form action, from its HTML. */
export const consentAction = (html: string): string => {
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no consent form in: ${html.slice(0, 300)}`);
  return action.replace(/&amp;/g, '&');
};

/** What connecting an OAuth app needs from a test: the engine's calls and a browser on its port. */
interface OAuthConnectTarget {
  call(method: 'POST', url: string, options: { body: unknown; token?: string }): Promise<{ status: number; body: any }>;
}

/**
 * Connects an end customer's account of an OAuth app the whole way (a magic link, connect.oauth.start,
 * the browser's consent, connect.oauth.callback) and answers its integration id. The category must
 * be enabled for the organisation.
 */
export async function connectOAuthApp(t: OAuthConnectTarget, browser: OAuthBrowser, orgToken: string, app: { appId: string; category: string; originOrgId?: string }): Promise<string> {
  const link = await t.call('POST', '/api/app.createMagicLinkV3', {
    token: orgToken,
    body: { originOrgId: app.originOrgId ?? 'globex-7', originOrgName: 'Globex Corp', originUserEmail: 'hank@globex.test', originUserName: 'Hank Scorpio', categories: [app.category], language: 'en' },
  });
  if (link.status !== 200) throw new Error(`createMagicLinkV3 answered ${link.status}: ${JSON.stringify(link.body)}`);
  const authSessionToken = JSON.parse(Buffer.from(new URL(link.body.msg.link).searchParams.get('state')!, 'base64url').toString('utf8')).authSessionToken as string;
  const offer = (await t.call('POST', '/api/connect.getSession', { body: { authSessionToken } })).body.msg;
  const offered = offer.categories.flatMap((c: { apps: { id: string }[] }) => c.apps).find((a: { id: string }) => a.id === app.appId);
  const values = Object.fromEntries(offered.steps.flatMap((s: { fields: { name: string }[] }) => s.fields).map((f: { name: string }) => [f.name, 'globex']));
  const stepId = offered.steps.find((s: { setupType: string }) => s.setupType === 'OAUTH').stepId as string;
  const started = await t.call('POST', '/api/connect.oauth.start', { body: { authSessionToken, appId: app.appId, category: app.category, stepId, reintegrate: false, isFinalStep: true, values } });
  if (started.status !== 200) throw new Error(`connect.oauth.start answered ${started.status}: ${JSON.stringify(started.body)}`);
  const opened = new URL(started.body.msg.authorizeUrl);
  const consent = await browser.follow(opened.pathname + opened.search, (to) => to.pathname === '/oauth');
  const answered = await browser.send('POST', consentAction(consent.last.body), { form: { decision: 'allow' } });
  const back = new URL((await browser.follow(answered.headers.location as string, (to) => to.pathname === '/oauth')).url).searchParams;
  const done = await t.call('POST', '/api/connect.oauth.callback', { body: { code: back.get('code'), state: back.get('state') } });
  if (done.status !== 200 || !done.body.msg.success) throw new Error(`connect.oauth.callback answered ${done.status}: ${JSON.stringify(done.body)}`);
  return done.body.msg.integrationId as string;
}
