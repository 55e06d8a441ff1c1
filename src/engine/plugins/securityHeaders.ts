import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { EngineConfig } from '../config.ts';

// Security headers on every response (API answers, errors, 404s, the dashboard's files and
// index.html), set by helmet from one policy:
// - Content-Security-Policy for the dashboard: scripts only from the engine's origin (plus, by
//   hash, any inline script the built index.html carries; never 'unsafe-inline' for scripts),
//   calls only to the engine's origin and the service origins the dashboard was built with, no
//   plugins, and framing refused (frame-ancestors 'none') except on the pages an embed needs;
// - X-Frame-Options DENY wherever frame-ancestors is 'none', absent where it names origins (the
//   header cannot name several, and browsers that know frame-ancestors ignore it);
// - Referrer-Policy no-referrer: the magic-link page carries its state in the URL, and a Referer
//   with it would reach every origin the page loads from or links to, and the access logs of any
//   proxy in front of this one (same-origin calls included);
// - Cross-Origin-Opener-Policy same-origin, Cross-Origin-Resource-Policy same-origin, nosniff;
//   except where the OAuth sign-in window needs its opener: the pages that open it keep
//   same-origin-allow-popups, and the pages the window shows (the sandbox OAuth server, /oauth)
//   have none, because the knit-auth component opens that window from a customer's page on
//   another origin and COOP same-origin would cut the window off from it (no window.opener, no
//   message back). The knit-auth script itself may be loaded by any origin (CORP cross-origin);
// - Strict-Transport-Security only over TLS: when PUBLIC_URL is https, or the request came over
//   https (the socket, or X-Forwarded-Proto from a trusted proxy). Over plain HTTP it would be
//   ignored at best, and pin a development host to https at worst.
// User content (uploaded logos) keeps its own stricter policy.
type OptionsOf<Header> = Header extends (options?: infer Options) => unknown ? NonNullable<Options> | boolean : never;
/**
 * Helmet's options of the headers the policy sets, by their current names. (Helmet's own options
 * type also accepts each header's legacy name, a union of thousands of combinations that
 * TypeScript cannot spread.) A route's options override the policy's for its responses.
 */
export interface RouteHelmet {
  contentSecurityPolicy?: OptionsOf<typeof helmet.contentSecurityPolicy>;
  crossOriginOpenerPolicy?: OptionsOf<typeof helmet.crossOriginOpenerPolicy>;
  crossOriginResourcePolicy?: OptionsOf<typeof helmet.crossOriginResourcePolicy>;
  referrerPolicy?: OptionsOf<typeof helmet.referrerPolicy>;
  strictTransportSecurity?: OptionsOf<typeof helmet.strictTransportSecurity>;
  xFrameOptions?: OptionsOf<typeof helmet.xFrameOptions>;
}
type Directives = Record<string, string[]>;

/** Pages a customer's site may frame: the end customer's magic-link authorisation. */
export const EMBEDDABLE_PAGES = ['/magic/*'] as const;

/** Other end-customer pages that open the OAuth sign-in window (the embeddable ones do too). */
export const OAUTH_OPENER_PAGES = ['/admin/authorize', '/oauth/authorize'] as const;

/** The page the OAuth sign-in window ends on: it posts the outcome to its opener, on any origin. */
export const OAUTH_CALLBACK_PAGE = '/oauth';

/**
 * A page that opens the OAuth window keeps its own isolation from other origins' windows but lets
 * the window it opens, whose pages have no COOP, keep it as opener.
 */
const OPENS_OAUTH_WINDOW = { policy: 'same-origin-allow-popups' } as const;
/** The pages of the OAuth window: no COOP, so an opener on any origin keeps its handle and messages. */
const IN_OAUTH_WINDOW = { policy: 'unsafe-none' } as const;

/** Operations answering user content, which get USER_CONTENT_POLICY instead of the dashboard's. */
const USER_CONTENT_OPERATIONS = new Set(['appUploadsKey']);

/** No scripts, no loads, a sandbox: an uploaded SVG opened directly can do nothing. */
const USER_CONTENT_POLICY: Directives = { 'default-src': ["'none'"], 'style-src': ["'unsafe-inline'"], sandbox: [] };

const HSTS = { maxAge: 60 * 60 * 24 * 365, includeSubDomains: true };

/** What the built dashboard needs from the policy, read once at start. */
interface BuiltDashboard {
  /** 'sha256-...' of each inline <script> of index.html (Vite emits none today). */
  inlineScriptHashes: string[];
  /** Origins of VITE_ENGINE_URL / VITE_AI_URL when the build pointed them elsewhere. */
  serviceOrigins: string[];
}

function readBuiltDashboard(dir: string | undefined): BuiltDashboard {
  const built: BuiltDashboard = { inlineScriptHashes: [], serviceOrigins: [] };
  if (!dir) return built;
  if (existsSync(`${dir}/index.html`)) {
    const html = readFileSync(`${dir}/index.html`, 'utf8');
    for (const [, attributes = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
      if (/\bsrc\s*=/i.test(attributes)) continue;
      built.inlineScriptHashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
    }
  }
  // Written by the dashboard build (vite.config.ts) from VITE_ENGINE_URL and VITE_AI_URL.
  if (existsSync(`${dir}/connect-origins.json`)) {
    const origins: unknown = JSON.parse(readFileSync(`${dir}/connect-origins.json`, 'utf8'));
    if (Array.isArray(origins)) built.serviceOrigins = origins.filter((o): o is string => typeof o === 'string' && /^https?:\/\/[^\s;,']+$/.test(o));
  }
  return built;
}

function dashboardDirectives(built: BuiltDashboard, tls: boolean, publicOrigin: string): Directives {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    // No 'unsafe-eval': the dashboard's forms validate with ajv code compiled from the contract at
    // codegen (src/generated/validators), so no script in the browser builds code from strings.
    'script-src': ["'self'", ...built.inlineScriptHashes],
    'script-src-attr': ["'none'"],
    // 'unsafe-inline' for styles only: MUI's emotion inserts <style> tags at run time with
    // generated content, so neither a hash nor a per-response nonce can name them. Styles cannot
    // run script; the cost is that injected markup could restyle a page.
    'style-src': ["'self'", "'unsafe-inline'"],
    // data: for the favicon; the public origin because app and upload logos are linked by absolute
    // URLs on PUBLIC_URL, which may differ from the address the page was opened on.
    'img-src': [...new Set(["'self'", publicOrigin, 'data:'])],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...built.serviceOrigins],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(tls ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

export interface RouteSecurityHeaders {
  /** helmet options of the EMBEDDABLE_PAGES routes. */
  embeddablePage: RouteHelmet;
  /** helmet options of the OAUTH_OPENER_PAGES routes. */
  oauthOpenerPage: RouteHelmet;
  /**
   * helmet options of the sandbox OAuth server's consent page: its form's answer redirects to the
   * app's redirect URI on PUBLIC_URL, which form-action must allow besides the page's own origin.
   */
  oauthConsentPage: RouteHelmet;
  /** helmet options of the other pages and redirects of the OAuth window: the sandbox OAuth server, /oauth. */
  oauthWindowPage: RouteHelmet;
  /** helmet options of a script other origins' pages load (the knit-auth component). */
  crossOriginScript: RouteHelmet;
  /** helmet options of an operation's route, when it differs from every other response's. */
  ofOperation(operationId: string): RouteHelmet | undefined;
}

type HeaderMiddleware = (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void;
/** helmet() over the flat options type (each of its fields is a field of helmet's own options). */
const headerMiddleware = helmet as unknown as (options: RouteHelmet) => HeaderMiddleware;
/** A policy's headers, over plain HTTP and over TLS (with HSTS). */
interface CompiledHeaders { plain: HeaderMiddleware; tls: HeaderMiddleware }

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Helmet options of this route's responses, merged over the engine's policy (routeHeaders). */
    securityHeaders?: RouteHelmet;
  }
}

/** The route `config` that gives a route its own security headers. */
export function routeHeaders(headers: RouteHelmet): { securityHeaders: RouteHelmet } {
  return { securityHeaders: headers };
}

/**
 * Registers the policy for every response; answers the per-route options the routes need (given
 * to a route through routeHeaders). Helmet's middleware is built once per policy: building it on
 * each request cost about 20 µs, a tenth of a list call.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: EngineConfig): Promise<RouteSecurityHeaders> {
  const tlsByConfig = config.publicUrl.startsWith('https:');
  const directives = dashboardDirectives(readBuiltDashboard(config.dashboardDir), tlsByConfig, new URL(config.publicUrl).origin);
  const options: RouteHelmet = {
    contentSecurityPolicy: { useDefaults: false, directives },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: tlsByConfig ? HSTS : false,
    xFrameOptions: { action: 'deny' },
  };
  const compile = (route: RouteHelmet = {}): CompiledHeaders => {
    const merged = { ...options, ...route };
    return { plain: headerMiddleware(merged), tls: tlsByConfig ? headerMiddleware(merged) : headerMiddleware({ ...merged, strictTransportSecurity: HSTS }) };
  };
  const policy = compile();
  const ofRoute = new WeakMap<RouteHelmet, CompiledHeaders>();
  const compiledOf = (route: RouteHelmet): CompiledHeaders => {
    let compiled = ofRoute.get(route);
    if (!compiled) ofRoute.set(route, (compiled = compile(route)));
    return compiled;
  };
  // Every response, 404s and errors included: unknown addresses have no route options.
  app.addHook('onRequest', (request, reply, done) => {
    const route = request.routeOptions.config?.securityHeaders;
    const headers = route ? compiledOf(route) : policy;
    const middleware = request.protocol === 'https' ? headers.tls : headers.plain;
    middleware(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });

  const ancestors = config.frameAncestors;
  const embeddablePage: RouteHelmet = {
    contentSecurityPolicy: { useDefaults: false, directives: { ...directives, 'frame-ancestors': ancestors.length > 0 ? ancestors : ["'none'"] } },
    xFrameOptions: ancestors.length > 0 ? false : { action: 'deny' },
    crossOriginOpenerPolicy: OPENS_OAUTH_WINDOW,
  };
  // Logos are shown wherever the product is (a page opened on another host name than PUBLIC_URL,
  // the auth component on a customer's site): they may be loaded cross-origin, as images only.
  const userContent: RouteHelmet = {
    contentSecurityPolicy: { useDefaults: false, directives: USER_CONTENT_POLICY },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  };
  const oauthConsentPage: RouteHelmet = {
    contentSecurityPolicy: { useDefaults: false, directives: { ...directives, 'form-action': [...new Set(["'self'", new URL(config.publicUrl).origin])] } },
    crossOriginOpenerPolicy: IN_OAUTH_WINDOW,
  };
  return {
    embeddablePage,
    oauthOpenerPage: { crossOriginOpenerPolicy: OPENS_OAUTH_WINDOW },
    oauthConsentPage,
    oauthWindowPage: { crossOriginOpenerPolicy: IN_OAUTH_WINDOW },
    crossOriginScript: { crossOriginResourcePolicy: { policy: 'cross-origin' } },
    ofOperation: (operationId) => (USER_CONTENT_OPERATIONS.has(operationId) ? userContent : undefined),
  };
}
