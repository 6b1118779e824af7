import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

// Intl separates amount and symbol with no-break spaces; the expectations are easier to read without.
const plain = (text: string) => text.replace(/\s/gu, ' ');

describe('formatMoney', () => {
  it('writes minor units as the locale writes the currency', () => {
    expect(plain(formatMoney(1234, 'EUR', 'nl-NL'))).toBe('€ 12,34');
    expect(formatMoney(339, 'GBP', 'en-GB')).toBe('£3.39');
    expect(plain(formatMoney(100000, 'SEK', 'sv-SE'))).toBe('1 000,00 kr');
  });

  it('formats the same with a formatter it made before', () => {
    expect(formatMoney(1, 'GBP', 'en-GB')).toBe('£0.01');
    expect(formatMoney(1, 'GBP', 'en-GB')).toBe('£0.01');
  });

  it('knows a currency without a minor unit', () => {
    expect(formatMoney(1500, 'JPY', 'ja-JP')).toBe('￥1,500');
  });
});
