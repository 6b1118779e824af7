import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './bff.service';

describe('safeReturnTo', () => {
  const origin = 'http://nl.localhost:8080';

  it('keeps a path on this storefront, with its query and fragment', () => {
    expect(safeReturnTo('/photos/albums?sort=name#top', origin)).toBe('/photos/albums?sort=name#top');
    expect(safeReturnTo('/', origin)).toBe('/');
  });

  it.each([
    ['another site', 'https://evil.example/steal'],
    ['a protocol-relative address', '//evil.example/steal'],
    ['a backslash browsers read as a slash', '/\\evil.example'],
    ['a control character', '/photos\t/x'],
    ['a script address', 'javascript:alert(1)'],
    ['a relative path', 'photos'],
    ['no value', undefined],
    ['a list', ['/a', '/b']],
    ['the sign-in machinery', '/auth/login?returnTo=/auth/login'],
    ['the provider', '/oidc/session/end'],
    ['sign-out', '/logout'],
  ])('falls back to the start page for %s', (_case, value) => {
    expect(safeReturnTo(value, origin)).toBe('/');
  });
});
