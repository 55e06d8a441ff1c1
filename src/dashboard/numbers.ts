// Numbers as the dashboard shows them. A module of its own, without the columns' formats, so
// the shell (the usage meter) reads it without them.

/**
 * A number as `toLocaleString('en-US')` writes it (thousands grouped, at most three decimals),
 * without Intl: the browser's first Intl formatter loads its locale data, 15 to 35 ms in the
 * middle of a list screen's first render.
 */
export function groupedNumber(value: number): string {
  const rounded = Number.isInteger(value) ? Math.abs(value) : Math.round(Math.abs(value) * 1000) / 1000;
  const digits = String(rounded);
  // Infinity, NaN and exponent forms (|value| >= 1e21) are rare enough to pay for Intl.
  if (!Number.isFinite(value) || digits.includes('e')) return value.toLocaleString('en-US');
  const [whole = '0', fraction] = digits.split('.');
  // As en-US writes it: a negative value that rounds to zero keeps its sign ('-0').
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction ? `.${fraction}` : ''}`;
}
