import { describe, expect, it } from 'vitest';
import { formatNumber } from '../../../src/dashboard/components/columns/format.ts';
import { groupedNumber } from '../../../src/dashboard/numbers.ts';

// The dashboard's numbers are written without Intl; they must read exactly as en-US writes them.
const SAMPLES = [
  0, 1, -1, 7, 12, 999, 1000, -1000, 1234, 12345, 123456, 1234567, 1000000, 987654321, 2 ** 53 - 1, -(2 ** 40),
  0.5, 1.5, 2.5, -2.5, 0.1, 0.25, 1.2345, 1234.5678, 9999.9999, 0.0004, 0.0005, -0.0004, 1e-7, 3.14159, 100.1, 1e20, 1e21, -1e22,
  Infinity, -Infinity, NaN,
];

describe('numbers written without Intl', () => {
  it('read as toLocaleString("en-US") writes them', () => {
    for (const value of SAMPLES) expect(groupedNumber(value), String(value)).toBe(value.toLocaleString('en-US'));
  });

  it('agree with toLocaleString("en-US") on random integers and decimals', () => {
    let seed = 42;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    for (let i = 0; i < 2_000; i += 1) {
      const integer = Math.floor((random() - 0.5) * 10 ** Math.floor(random() * 15));
      const decimal = Math.round((random() - 0.5) * 10 ** Math.floor(random() * 8) * 100) / 100;
      expect(groupedNumber(integer)).toBe(integer.toLocaleString('en-US'));
      expect(groupedNumber(decimal)).toBe(decimal.toLocaleString('en-US'));
    }
  });

  it('format numeric strings the same way, and anything else as the empty value', () => {
    expect(formatNumber('1234567')).toBe('1,234,567');
    expect(formatNumber(-0.5)).toBe('-0.5');
    expect(formatNumber('abc')).toBe(formatNumber(undefined));
  });
});
