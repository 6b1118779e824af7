import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './bff.service';

describe('safeReturnTo', () => {
  const origin = 'http://nl.localhost:8080';

  it('keeps a path on this storefront, with its query and fragment', () => {
    expect(safeReturnTo('/photos/albums?sort=name#top', origin)).toBe('/photos/albums?sort=name#top');
    expect(safeReturnTo('/', origin)).toBe('/');
    expect(safeReturnTo('/my-photos/albums/a%20b?q=%2F%2Fx', origin)).toBe(
      '/my-photos/albums/a%20b?q=%2F%2Fx',
    );
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
    ['a parent segment that normalises to another site', '/..//evil.example/'],
    ['a current segment that normalises to another site', '/.//evil.example'],
    ['encoded parent segments', '/%2e%2e//evil.example'],
    ['upper-case encoded parent segments', '/%2E%2E//evil.example/steal?x=1'],
    ['parent segments past the root', '/a/b/../../..//evil.example'],
    ['mixed dot segments', '/./%2e/..//evil.example'],
    ['encoded slashes', '/%2F%2Fevil.example'],
    ['an encoded slash after a slash', '/%2Fevil.example'],
    ['an encoded backslash', '/%5Cevil.example'],
    ['an encoded tab', '/%09/evil.example'],
    ['an encoded NUL', '/photos%00'],
    ['encoded dot segments that survive normalising', '/..%2F%2Fevil.example'],
    ['a malformed escape', '/%E0%A4%A'],
    ['the sign-in machinery, encoded', '/%61uth/login'],
    ['three slashes', '///evil.example'],
  ])('falls back to the start page for %s', (_case, value) => {
    expect(safeReturnTo(value, origin)).toBe('/');
  });
});
