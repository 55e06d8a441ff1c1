// One failure type for every handler and plugin; the envelope plugin turns it into
// { success: false, error: { msg, code, ... } } with its HTTP status.
type ErrorCode =
  | 'VALIDATION'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'RATE_LIMITED'
  | 'OTP_DEAD'
  | 'ORG_DETAILS_REQUIRED'
  | 'STEP_LOCKED'
  | 'WEBHOOK_NOT_LIVE'
  | 'WEBHOOK_EVENTS_UNTESTED'
  | 'NOT_IMPLEMENTED'
  | 'CONTRACT_VIOLATION'
  // The unified API: the integrated account, or its app, refused the call.
  | 'ACCOUNT_INACTIVE'
  | 'ACCOUNT_NOT_CONNECTED'
  | 'ACCOUNT_AUTH_FAILED'
  | 'WRONG_CATEGORY'
  | 'SYNC_PAUSED'
  | 'NO_SYNC_JOBS'
  | 'APP_PERMISSION_DENIED'
  | 'APP_UNAVAILABLE'
  | 'INTERNAL';

interface ApiErrorBody {
  msg: string;
  code: ErrorCode;
  field?: string;
  retryAfterSeconds?: number;
}

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly extra: Pick<ApiErrorBody, 'field' | 'retryAfterSeconds'> = {},
  ) {
    super(message);
  }

  get body(): ApiErrorBody {
    return { msg: this.message, code: this.code, ...this.extra };
  }
}

export const badRequest = (msg: string, field?: string) => new ApiFailure(400, 'VALIDATION', msg, field ? { field } : {});
export const unauthorized = (msg = 'Please sign in again') => new ApiFailure(401, 'UNAUTHORIZED', msg);
export const forbidden = (msg = 'You are not allowed to do this') => new ApiFailure(403, 'FORBIDDEN', msg);
export const notFound = (msg: string) => new ApiFailure(404, 'NOT_FOUND', msg);
export const conflict = (msg: string, field?: string) => new ApiFailure(409, 'CONFLICT', msg, field ? { field } : {});
export const rateLimited = (msg: string, retryAfterSeconds: number) =>
  new ApiFailure(429, 'RATE_LIMITED', msg, { retryAfterSeconds });
export const notImplemented = (operationId: string) =>
  new ApiFailure(501, 'NOT_IMPLEMENTED', `Not implemented: ${operationId}`);
