import { describe, expect, it } from 'vitest';
import { enTranslator } from '../../test/fixtures';
import { createdText } from './created-text';

describe('an album’s creation stat', () => {
  const now = new Date(2026, 10, 22, 0, 30);

  it('says today and yesterday by the customer’s own calendar', () => {
    expect(createdText(enTranslator, new Date(2026, 10, 22, 0, 5).toISOString(), now)).toBe('Created today');
    expect(createdText(enTranslator, new Date(2026, 10, 21, 23, 59).toISOString(), now)).toBe(
      'Created yesterday',
    );
    expect(createdText(enTranslator, new Date(2026, 10, 21, 0, 0).toISOString(), now)).toBe(
      'Created yesterday',
    );
  });

  it('gives older dates as day, short month and year', () => {
    expect(createdText(enTranslator, new Date(2026, 10, 20, 12).toISOString(), now)).toBe(
      'Created 20 Nov 2026',
    );
    expect(createdText(enTranslator, new Date(2025, 0, 2, 12).toISOString(), now)).toBe(
      'Created 02 Jan 2025',
    );
  });
});
