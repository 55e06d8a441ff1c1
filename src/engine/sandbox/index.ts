import type { FastifyInstance } from 'fastify';
import type { EngineServices } from '../handlers/types.ts';
import type { RouteSecurityHeaders } from '../plugins/securityHeaders.ts';

/*
 * The sandbox provider: the stand-in for every vendor of the catalog, served by the engine on its
 * own port under SANDBOX_PREFIX (/sandbox), on unless NODE_ENV=production (SANDBOX_ENABLED turns
 * it on or off):
 *
 *   /sandbox/oauth/...                 the OAuth 2.0 authorization server (oauthServer.ts): /auth,
 *                                      /token, /token/revocation, /jwks, /.well-known/openid-configuration,
 *                                      and our sign-in and consent pages under /interaction/<uid>
 *   /sandbox/apps/<appId>/...          each app's vendor API with generated data (vendorApi.ts,
 *                                      data/apis.ts), /v1/me says who the credentials are
 *   /sandbox/control/revoke, /fail     the control surface for tests and the demo (control.ts),
 *                                      never in production
 *
 * The modules load only when the sandbox is on, so production without it never loads them.
 */
export async function registerSandbox(app: FastifyInstance, services: EngineServices, headers: RouteSecurityHeaders): Promise<void> {
  if (!services.config.sandboxEnabled) return;
  const [{ createSandboxOauthServer, registerSandboxOauth }, { registerVendorApi }, { registerSandboxControl }] = await Promise.all([
    import('./oauthServer.ts'), import('./vendorApi.ts'), import('./control.ts'),
  ]);
  const oauth = await createSandboxOauthServer(services.db, services.config);
  await registerSandboxOauth(app, oauth, services.db, headers);
  registerVendorApi(app, { db: services.db, config: services.config, clock: services.clock, checkAccessToken: oauth.checkAccessToken });
  if (!services.config.production) registerSandboxControl(app, services, oauth);
}
