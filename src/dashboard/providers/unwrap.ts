import { fromErrorBody, isSuccessStatus, toApiError } from './errors.ts';

type CallResult = { data?: unknown; error?: unknown; response: Response };

/**
 * Awaits an openapi-fetch call and returns its data, or throws an ApiError. Every screen and actor
 * calls through this, so a body that cannot be read ('Unexpected response from server') and an
 * empty success body are handled once.
 */
export async function unwrap<R extends CallResult>(call: Promise<R>): Promise<Exclude<R['data'], undefined>> {
  let result: R;
  try {
    result = await call;
  } catch (error) {
    throw toApiError(error);
  }
  if (result.error !== undefined || !isSuccessStatus(result.response.status)) {
    throw fromErrorBody(result.response.status, result.error);
  }
  if (result.data === undefined) throw toApiError(new SyntaxError('empty response body'));
  return result.data as Exclude<R['data'], undefined>;
}
