import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { DEV_SIGNING_SECRET, loadConfig } from '../../../src/engine/config.ts';
import { exposureWarning } from '../../../src/engine/startupWarnings.ts';

// What production refuses to start with, and the development warning when others can reach it.
const strongSecret = 'x'.repeat(32);
const production = (env: Record<string, string>) => () => loadConfig({ NODE_ENV: 'production', ...env });

describe('production configuration', () => {
  it('refuses a missing, default or short signing secret', () => {
    expect(production({ SMTP_URL: 'smtp://127.0.0.1:2525' })).toThrow(/SIGNING_SECRET must be set/);
    expect(production({ SMTP_URL: 'smtp://127.0.0.1:2525', SIGNING_SECRET: DEV_SIGNING_SECRET })).toThrow(/development default/);
    expect(production({ SMTP_URL: 'smtp://127.0.0.1:2525', SIGNING_SECRET: 'x'.repeat(31) })).toThrow(/at least 32 bytes/);
  });

  it('refuses to run without SMTP, so codes are never printed to the log', () => {
    expect(production({ SIGNING_SECRET: strongSecret })).toThrow(/SMTP_URL must be set/);
  });

  it('starts with its own secret and SMTP', () => {
    const config = loadConfig({ NODE_ENV: 'production', SIGNING_SECRET: strongSecret, SMTP_URL: 'smtp://127.0.0.1:2525' });
    expect(config).toMatchObject({ production: true, signingSecret: strongSecret, smtpUrl: 'smtp://127.0.0.1:2525' });
  });

  it('keeps the sign-in throttles as they are in production, and takes only whole factors elsewhere', () => {
    expect(production({ SIGNING_SECRET: strongSecret, SMTP_URL: 'smtp://127.0.0.1:2525', SIGN_IN_THROTTLE_FACTOR: '20' })).toThrow(/production keeps the sign-in limits/);
    expect(() => loadConfig({ SIGN_IN_THROTTLE_FACTOR: '0' })).toThrow(/whole number/);
    expect(() => loadConfig({ SIGN_IN_THROTTLE_FACTOR: '2.5' })).toThrow(/whole number/);
    expect(loadConfig({ SIGN_IN_THROTTLE_FACTOR: '20' }).signInThrottleFactor).toBe(20);
    expect(loadConfig({}).signInThrottleFactor).toBe(1);
  });

  it('switches the sandbox provider off in production unless SANDBOX_ENABLED turns it on, and checks its settings', () => {
    const prod = { NODE_ENV: 'production', SIGNING_SECRET: strongSecret, SMTP_URL: 'smtp://127.0.0.1:2525' };
    expect(loadConfig(prod).sandboxEnabled).toBe(false);
    expect(loadConfig({ ...prod, SANDBOX_ENABLED: 'true' }).sandboxEnabled).toBe(true);
    expect(loadConfig({}).sandboxEnabled).toBe(true);
    expect(loadConfig({ SANDBOX_ENABLED: 'false' }).sandboxEnabled).toBe(false);
    expect(() => loadConfig({ SANDBOX_ENABLED: 'yes' })).toThrow(/SANDBOX_ENABLED must be true or false/);
    expect(loadConfig({})).toMatchObject({ sandboxErrorRate: 0.02, sandboxRateLimit: 120, sandboxAccessTokenSeconds: 900 });
    expect(loadConfig({ NODE_ENV: 'test' }).sandboxErrorRate).toBe(0);
    expect(loadConfig({ SANDBOX_ERROR_RATE: '0.5', SANDBOX_RATE_LIMIT: '10', SANDBOX_ACCESS_TOKEN_SECONDS: '60' }))
      .toMatchObject({ sandboxErrorRate: 0.5, sandboxRateLimit: 10, sandboxAccessTokenSeconds: 60 });
    expect(() => loadConfig({ SANDBOX_ERROR_RATE: '2' })).toThrow(/SANDBOX_ERROR_RATE/);
    expect(() => loadConfig({ SANDBOX_RATE_LIMIT: '0' })).toThrow(/SANDBOX_RATE_LIMIT/);
  });

  it('serves from one process per core in production, one elsewhere, and checks ENGINE_PROCESSES', () => {
    const productionEnv = { NODE_ENV: 'production', SIGNING_SECRET: strongSecret, SMTP_URL: 'smtp://127.0.0.1:2525' };
    expect(loadConfig(productionEnv).engineProcesses).toBe(availableParallelism());
    expect(loadConfig({ ...productionEnv, ENGINE_PROCESSES: '1' }).engineProcesses).toBe(1);
    expect(loadConfig({}).engineProcesses).toBe(1);
    expect(loadConfig({ ENGINE_PROCESSES: '3' }).engineProcesses).toBe(3);
    expect(() => loadConfig({ ENGINE_PROCESSES: '0' })).toThrow('ENGINE_PROCESSES must be a whole number from 1 to 64');
    expect(() => loadConfig({ ENGINE_PROCESSES: '1.5' })).toThrow(/ENGINE_PROCESSES/);
    expect(() => loadConfig({ ENGINE_PROCESSES: '2', SQLITE_FILE: ':memory:' })).toThrow(/not SQLITE_FILE=:memory:/);
  });

  it('keeps the development defaults working', () => {
    expect(loadConfig({}).signingSecret).toBe(DEV_SIGNING_SECRET);
  });
});

describe('development exposure warning', () => {
  it('warns when development mode listens beyond loopback, and only then', () => {
    expect(exposureWarning('0.0.0.0', false)).toMatch(/WARNING: development mode is listening on 0\.0\.0\.0/);
    expect(exposureWarning('::', false)).toMatch(/WARNING/);
    for (const host of ['127.0.0.1', '::1', 'localhost', '127.0.0.2']) expect(exposureWarning(host, false)).toBeUndefined();
    expect(exposureWarning('0.0.0.0', true)).toBeUndefined();
  });
});
