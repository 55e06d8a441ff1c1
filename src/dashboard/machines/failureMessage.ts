// The message of a failed call inside a machine, by the spec's rule (part 1 §7): the server's
// error.msg, else the exception's message, else the default. Machines read it from what their
// actors throw (an ApiError carries msg) without importing the clients' error module, so a
// machine's chunk shares nothing with the sign-up page's.

export const DEFAULT_FAILURE_MESSAGE = 'Something went wrong, please try again';

export function failureMessage(error: unknown, fallback = DEFAULT_FAILURE_MESSAGE): string {
  const failure = error && typeof error === 'object' ? (error as { msg?: unknown; message?: unknown }) : {};
  const text = typeof failure.msg === 'string' ? failure.msg : typeof failure.message === 'string' ? failure.message : typeof error === 'string' ? error : '';
  return text.trim() || fallback;
}
