import { describe, expect, it } from 'vitest';
import { expectCompleteCatalogues } from '../testing/message-catalogues';
import { translatorFor } from './messages';

describe('sign-in message catalogues', () => {
  it('has every storefront language, each with the same keys and placeholders as English', async () => {
    await expectCompleteCatalogues(new URL('./messages/', import.meta.url), 'signIn.wrongCredentials');
  });

  it('fills placeholders and falls back to English for a language it does not have', () => {
    expect(translatorFor('sv-SE')('reference', { id: 'abc' })).toBe('Referens: abc');
    expect(translatorFor('en-IE')('tooMany.body', { minutes: 15 })).toContain('wait 15 minutes');
    expect(translatorFor('xx-XX')('signIn.title')).toBe('Sign in');
  });
});
