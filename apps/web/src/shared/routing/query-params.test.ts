import { describe, expect, it } from 'vitest';
import { carryQuery, parseAppQuery, parseBooleanParam, parseHttpUrl } from './query-params';

describe('parseBooleanParam', () => {
  it('accepts exactly true and false', () => {
    expect(parseBooleanParam('true')).toBe(true);
    expect(parseBooleanParam('false')).toBe(false);
  });

  it.each([null, '', '1', '0', 'TRUE', 'yes', 'true '])('treats %j as absent', (value) => {
    expect(parseBooleanParam(value)).toBeUndefined();
  });
});

describe('parseHttpUrl', () => {
  it('keeps http and https URLs', () => {
    expect(parseHttpUrl('https://upload.example.com/path?x=1')).toBe('https://upload.example.com/path?x=1');
    expect(parseHttpUrl('http://localhost:8080/upload')).toBe('http://localhost:8080/upload');
  });

  it.each([
    null,
    '',
    'not a url',
    '/relative/path',
    'javascript:alert(1)',
    'ftp://files.example.com/x',
    'data:text/html,x',
  ])('ignores %j', (value) => {
    expect(parseHttpUrl(value)).toBeUndefined();
  });
});

describe('parseAppQuery', () => {
  it('reads the flags and a valid upload URL', () => {
    expect(
      parseAppQuery('?stripped=true&hideHeaderNav=true&uploadUrl=https%3A%2F%2Fup.example.com%2Fu'),
    ).toEqual({ stripped: true, hideHeaderNav: true, uploadUrl: 'https://up.example.com/u' });
  });

  it('defaults everything off and drops an invalid upload URL', () => {
    expect(parseAppQuery('?stripped=1&hideHeaderNav=yes&uploadUrl=javascript:alert(1)')).toEqual({
      stripped: false,
      hideHeaderNav: false,
      uploadUrl: undefined,
    });
  });
});

describe('carryQuery', () => {
  it('carries stripped=true to any in-app address', () => {
    expect(carryQuery('/orders', { pathname: '/', search: '?stripped=true' })).toBe('/orders?stripped=true');
    expect(carryQuery('/orders/42?tab=2', { pathname: '/', search: '?stripped=true&x=1' })).toBe(
      '/orders/42?tab=2&stripped=true',
    );
  });

  it('leaves addresses alone when not stripped', () => {
    expect(carryQuery('/orders', { pathname: '/', search: '?stripped=false' })).toBe('/orders');
    expect(carryQuery('/orders', { pathname: '/', search: '?hideHeaderNav=true' })).toBe('/orders');
  });

  it('does not override a target that sets stripped itself', () => {
    expect(carryQuery('/orders?stripped=false', { pathname: '/', search: '?stripped=true' })).toBe(
      '/orders?stripped=false',
    );
  });

  it('keeps the whole query string between photo and album routes', () => {
    const current = {
      pathname: '/my-photos/photos',
      search: '?sortKey=created&uploadUrl=https%3A%2F%2Fu.example.com',
    };
    expect(carryQuery('/my-photos/albums', current)).toBe(
      '/my-photos/albums?sortKey=created&uploadUrl=https%3A%2F%2Fu.example.com',
    );
    expect(carryQuery('/my-photos/photos', { pathname: '/my-photos/albums/7', search: '?a=1' })).toBe(
      '/my-photos/photos?a=1',
    );
  });

  it('does not take the photo query string out of the photo area', () => {
    expect(carryQuery('/orders', { pathname: '/my-photos/photos', search: '?sortKey=created' })).toBe(
      '/orders',
    );
    expect(carryQuery('/my-photos/photos', { pathname: '/orders', search: '?sortKey=created' })).toBe(
      '/my-photos/photos',
    );
  });

  it('keeps a hash', () => {
    expect(carryQuery('/settings#email', { pathname: '/', search: '?stripped=true' })).toBe(
      '/settings?stripped=true#email',
    );
  });
});
