import { describe, expect, it } from 'vitest';
import { createTranslator } from './translator';

describe('createTranslator', () => {
  it('formats ICU plurals with the rules of the locale', () => {
    const messages = {
      'title.photos': '{count, plural, one {# photo} other {# photos}}',
    };
    const { t } = createTranslator('en-GB', messages);
    expect(t('title.photos', { count: 1 })).toBe('1 photo');
    expect(t('title.photos', { count: 1200 })).toBe('1,200 photos');
  });

  it('fills placeholders', () => {
    const { t } = createTranslator('nl-NL', { 'overview.welcome': 'Welkom, {name}' });
    expect(t('overview.welcome', { name: 'Ada' })).toBe('Welkom, Ada');
  });

  it('shows the id of a message the catalogue lacks instead of breaking the page', () => {
    const { t } = createTranslator('en-GB', {});
    expect(t('title.orders')).toBe('title.orders');
  });

  it("formats dates and numbers for the storefront's locale", () => {
    const dutch = createTranslator('nl-NL', {});
    const british = createTranslator('en-GB', {});
    expect(dutch.formatNumber(1234.5)).toBe('1.234,5');
    expect(british.formatNumber(1234.5)).toBe('1,234.5');
    expect(
      british.formatDate('2026-11-21T12:00:00Z', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      }),
    ).toBe('21 Nov 2026');
  });

  it('keeps each set of options apart when it reuses formatters', () => {
    const british = createTranslator('en-GB', {});
    const date = '2026-11-21T12:00:00Z';
    expect(british.formatDate(date, { month: 'long', timeZone: 'UTC' })).toBe('November');
    expect(british.formatDate(date, { year: 'numeric', timeZone: 'UTC' })).toBe('2026');
    expect(british.formatDate(date, { month: 'long', timeZone: 'UTC' })).toBe('November');
    expect(british.formatNumber(0.5, { style: 'percent' })).toBe('50%');
    expect(british.formatNumber(0.5)).toBe('0.5');
  });
});
