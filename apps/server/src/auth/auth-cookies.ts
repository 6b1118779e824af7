import type { IncomingHttpHeaders } from 'node:http';

export interface AuthCookies {
  /** The BFF session: the browser's only credential. */
  session: string;
  /** Ties a sign-in in flight to the browser that started it (login CSRF): one cookie per flow, this name plus a key. */
  signInFlow: string;
  secure: boolean;
}

/** `__Host-` names (Secure, no Domain, Path=/) wherever the shop is served over TLS. */
export function authCookiesFor(publicScheme: 'http' | 'https'): AuthCookies {
  const secure = publicScheme === 'https';
  const prefix = secure ? '__Host-' : '';
  return { session: `${prefix}session`, signInFlow: `${prefix}sign-in-flow`, secure };
}

// Our cookie values are base64url, so reading and writing them needs no encoding rules beyond this.
export function readCookie(headers: IncomingHttpHeaders, name: string): string | undefined {
  for (const pair of (headers.cookie ?? '').split(';')) {
    const separator = pair.indexOf('=');
    if (separator > 0 && pair.slice(0, separator).trim() === name) {
      const value = pair.slice(separator + 1).trim();
      return value === '' ? undefined : value;
    }
  }
  return undefined;
}

/** A `Set-Cookie` value: HttpOnly, SameSite=Lax, Path=/, Secure over TLS. */
export function setCookie(cookies: AuthCookies, name: string, value: string, maxAgeSeconds: number): string {
  const attributes = [`${name}=${value}`, 'Path=/', `Max-Age=${maxAgeSeconds}`, 'HttpOnly', 'SameSite=Lax'];
  if (cookies.secure) attributes.push('Secure');
  return attributes.join('; ');
}

export const clearCookie = (cookies: AuthCookies, name: string) => setCookie(cookies, name, '', 0);
