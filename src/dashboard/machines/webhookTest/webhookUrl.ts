// The URL field shows an https:// prefix while the text typed has no scheme: what is sent is the
// trimmed text with that prefix, or the trimmed text as written when it names its own scheme (a
// local receiver in development is http; the engine refuses http in production and says so).

export const DEFAULT_SCHEME = 'https://';
const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/** Whether the text names its own scheme (http://, https://, ...), so no prefix applies. */
export const hasScheme = (text: string): boolean => SCHEME.test(text.trim());

/** The URL the field's text stands for: '' when blank, else trimmed and prefixed when it has no scheme. */
export function webhookUrlOf(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return '';
  return hasScheme(trimmed) ? trimmed : `${DEFAULT_SCHEME}${trimmed}`;
}
