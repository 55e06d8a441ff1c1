import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { unwrap } from '../../../src/dashboard/providers/apiClient.ts';
import { ApiError, DEFAULT_ERROR_MESSAGE, errorMessage, isSuccessStatus, toApiError } from '../../../src/dashboard/providers/errors.ts';
import { engine as engineMocks } from '../../../src/generated/mocks/index.ts';
import { fakeSession, ORIGIN, server, testClients } from './support/clients.ts';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const failure = (status: number, error: Record<string, unknown>) => HttpResponse.json({ success: false, error }, { status });

describe('apiClient', () => {
  it('adds the bearer token of the session to every call', async () => {
    let authorization: string | null = null;
    server.use(
      engineMocks.getAppGetApiKeysMockHandler((info) => {
        authorization = info.request.headers.get('Authorization');
        return { success: true, msg: { prodApiKey: 'p', sandboxApiKey: 's', prodApiKeyMasked: true, sandboxApiKeyMasked: true } };
      }),
    );
    const { clients } = testClients();
    const body = await unwrap(clients.engine.GET('/app.getApiKeys'));
    expect(body.msg.prodApiKey).toBe('p');
    expect(authorization).toBe('Bearer tok_test_0123456789abcdef0123456789abcd');
  });

  it('sends no Authorization header without a session', async () => {
    let authorization: string | null = 'unset';
    server.use(
      engineMocks.getAuthGetUiVersionMockHandler((info) => {
        authorization = info.request.headers.get('Authorization');
        return { success: true, msg: { uiVersion: '1.2.3' } };
      }),
    );
    const { clients } = testClients(fakeSession(null));
    expect((await unwrap(clients.engine.GET('/auth.getUiVersion'))).msg.uiVersion).toBe('1.2.3');
    expect(authorization).toBeNull();
  });

  it('turns a failure envelope into one ApiError (status, code, msg, field)', async () => {
    server.use(http.post(`${ORIGIN}/api/auth.verifyOtp`, () => failure(400, { msg: 'Please enter valid OTP', code: 'VALIDATION', field: 'otp' })));
    const { clients } = testClients(fakeSession(null));
    const error = await clients.engine.POST('/auth.verifyOtp', { body: { userEmail: 'a@b.io', otp: '000000' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION', msg: 'Please enter valid OTP', message: 'Please enter valid OTP', field: 'otp' });
  });

  it('keeps retryAfterSeconds of a 429', async () => {
    server.use(http.post(`${ORIGIN}/api/auth.resendOtp`, () => failure(429, { msg: 'Please wait 42 seconds', code: 'RATE_LIMITED', retryAfterSeconds: 42 })));
    const { clients } = testClients(fakeSession(null));
    await expect(unwrap(clients.engine.POST('/auth.resendOtp', { body: { userEmail: 'a@b.io' } }))).rejects.toMatchObject({ status: 429, retryAfterSeconds: 42 });
  });

  it('uses the default message when the failure has no envelope', async () => {
    server.use(http.get(`${ORIGIN}/api/app.getApiKeys`, () => new HttpResponse('<html>bad gateway</html>', { status: 502 })));
    const { clients } = testClients();
    await expect(unwrap(clients.engine.GET('/app.getApiKeys'))).rejects.toMatchObject({ status: 502, message: DEFAULT_ERROR_MESSAGE });
  });

  it('uses the exception message when no response arrives', async () => {
    server.use(http.get(`${ORIGIN}/api/app.getApiKeys`, () => HttpResponse.error()));
    const { clients } = testClients();
    const error = await unwrap(clients.engine.GET('/app.getApiKeys')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'NETWORK' });
    expect((error as ApiError).message).not.toBe('');
  });

  it("reads an unparsable success body as 'Unexpected response from server'", async () => {
    server.use(http.get(`${ORIGIN}/api/app.getApiKeys`, () => new HttpResponse('{not json', { status: 200, headers: { 'Content-Type': 'application/json' } })));
    const { clients } = testClients();
    await expect(unwrap(clients.engine.GET('/app.getApiKeys'))).rejects.toMatchObject({ code: 'UNEXPECTED_RESPONSE', message: 'Unexpected response from server' });
  });

  it('treats status 299 as success and 300 as failure', async () => {
    expect(isSuccessStatus(299)).toBe(true);
    expect(isSuccessStatus(300)).toBe(false);
    server.use(http.get(`${ORIGIN}/api/app.getApiKeys`, () => HttpResponse.json({ success: true, msg: { prodApiKey: 'x', sandboxApiKey: 'y' } }, { status: 299 })));
    const { clients } = testClients();
    expect((await unwrap(clients.engine.GET('/app.getApiKeys'))).msg.prodApiKey).toBe('x');
  });

  it('a 401 of a call made with a session signs out (once per call)', async () => {
    server.use(http.get(`${ORIGIN}/api/app.getApiKeys`, () => failure(401, { msg: 'Please sign in again', code: 'UNAUTHORIZED' })));
    const { clients, unauthorized } = testClients();
    await expect(unwrap(clients.engine.GET('/app.getApiKeys'))).rejects.toMatchObject({ status: 401 });
    expect(unauthorized).toHaveLength(1);
    expect(unauthorized[0].status).toBe(401);
  });

  it('a 401 on the AI service signs out too', async () => {
    server.use(http.get(`${ORIGIN}/ai/connectors.list`, () => failure(401, { msg: 'Please sign in again', code: 'UNAUTHORIZED' })));
    const { clients, unauthorized } = testClients();
    await expect(unwrap(clients.ai.GET('/connectors.list', {}))).rejects.toMatchObject({ status: 401 });
    expect(unauthorized).toHaveLength(1);
  });

  it('a 401 without a session, or from a public auth call, does not sign out', async () => {
    server.use(
      http.get(`${ORIGIN}/api/app.getApiKeys`, () => failure(401, { msg: 'no', code: 'UNAUTHORIZED' })),
      http.post(`${ORIGIN}/api/auth.signIn`, () => failure(401, { msg: 'no', code: 'UNAUTHORIZED' })),
    );
    const anonymous = testClients(fakeSession(null));
    await expect(unwrap(anonymous.clients.engine.GET('/app.getApiKeys'))).rejects.toMatchObject({ status: 401 });
    expect(anonymous.unauthorized).toEqual([]);
    const signedIn = testClients();
    await expect(unwrap(signedIn.clients.engine.POST('/auth.signIn', { body: { userEmail: 'a@b.io' } }))).rejects.toMatchObject({ status: 401 });
    expect(signedIn.unauthorized).toEqual([]);
  });
});

describe('error messages', () => {
  it("follow error.msg, else the exception message, else 'Something went wrong, please try again'", () => {
    expect(errorMessage(new ApiError({ status: 400, msg: 'Email is required' }))).toBe('Email is required');
    expect(errorMessage({ body: { error: { msg: 'From the body' } } })).toBe('From the body');
    expect(errorMessage(new Error('Failed to fetch'))).toBe('Failed to fetch');
    expect(errorMessage(undefined)).toBe(DEFAULT_ERROR_MESSAGE);
    expect(errorMessage(new Error(''))).toBe(DEFAULT_ERROR_MESSAGE);
    expect(toApiError('plain text').msg).toBe('plain text');
  });
});
