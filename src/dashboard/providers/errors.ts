// One error type for every failed call: the clients wrap every failure in it, so a screen handles
// one shape whatever went wrong (an error envelope, a non-JSON answer, a network failure).
// Its message follows the spec's rule (part 1 §7): the server's error.msg, else the exception
// message, else the default.

export const DEFAULT_ERROR_MESSAGE = 'Something went wrong, please try again';
const UNEXPECTED_RESPONSE_MESSAGE = 'Unexpected response from server';

/** Spec part 1 §8: status codes of 299 or less show as success, higher as error. */
export const isSuccessStatus = (status: number): boolean => status <= 299;

interface ApiErrorInit {
  /** HTTP status; 0 when no response arrived (network failure). */
  status: number;
  /** error.code of the envelope, or NETWORK / UNEXPECTED_RESPONSE / UNKNOWN on the client side. */
  code?: string;
  /** The message to show (already resolved by the rule above). */
  msg?: string;
  /** error.field: dot path of the offending request field, for form errors. */
  field?: string;
  /** error.retryAfterSeconds of a 429. */
  retryAfterSeconds?: number;
  cause?: unknown;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly msg: string;
  readonly field?: string;
  readonly retryAfterSeconds?: number;

  constructor(init: ApiErrorInit) {
    const msg = init.msg?.trim() ? init.msg : DEFAULT_ERROR_MESSAGE;
    super(msg, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code ?? 'UNKNOWN';
    this.msg = msg;
    if (init.field !== undefined) this.field = init.field;
    if (init.retryAfterSeconds !== undefined) this.retryAfterSeconds = init.retryAfterSeconds;
  }

  /** react-admin reads `body` of an HttpError-like object; keep the server's field there too. */
  get body(): { msg: string; code: string; field?: string } {
    return { msg: this.msg, code: this.code, ...(this.field ? { field: this.field } : {}) };
  }
}

const record = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** The ApiError for a failed response's parsed body (the failure envelope, or anything else). */
export function fromErrorBody(status: number, body: unknown): ApiError {
  const error = record(record(body)?.error);
  const msg = typeof error?.msg === 'string' ? error.msg : undefined;
  return new ApiError({
    status,
    code: typeof error?.code === 'string' ? error.code : `HTTP_${status}`,
    ...(msg !== undefined ? { msg } : {}),
    ...(typeof error?.field === 'string' ? { field: error.field } : {}),
    ...(typeof error?.retryAfterSeconds === 'number' ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
  });
}

/** Any thrown value as an ApiError (an ApiError stays itself). */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  // A body that is not JSON (a proxy's HTML page, a truncated reply) is not the user's fault.
  if (error instanceof SyntaxError) {
    return new ApiError({ status: 200, code: 'UNEXPECTED_RESPONSE', msg: UNEXPECTED_RESPONSE_MESSAGE, cause: error });
  }
  const status = typeof record(error)?.status === 'number' ? (record(error)?.status as number) : 0;
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : undefined;
  return new ApiError({ status, code: status ? `HTTP_${status}` : 'UNKNOWN', ...(message ? { msg: message } : {}), cause: error });
}

/** The message to show for any failure: error.msg, else the exception message, else the default. */
export function errorMessage(error: unknown): string {
  const body = record(record(error)?.body);
  const nested = record(body?.error)?.msg ?? body?.msg;
  if (!(error instanceof ApiError) && typeof nested === 'string' && nested.trim()) return nested;
  return toApiError(error).msg;
}
