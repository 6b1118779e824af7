import { describe, expect, it } from 'vitest';
import { CallbackUrlRefused, createCallbackUrlGuard, isPublicAddress } from './callback-url-guard';

const dns: Record<string, string[]> = {
  'hooks.example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
  'rebind.example.com': ['93.184.215.14', '127.0.0.1'],
  'loopback.example.com': ['127.0.0.1'],
  'metadata.example.com': ['169.254.169.254'],
  'v6loop.example.com': ['::1'],
  'mapped.example.com': ['::ffff:10.0.0.1'],
};
const guard = createCallbackUrlGuard({
  allowedOrigins: ['http://127.0.0.1:9999'],
  resolve: async (hostname) => {
    const addresses = dns[hostname];
    if (!addresses) throw new Error('ENOTFOUND');
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  },
});

async function problemOf(url: string) {
  try {
    await guard(url);
    return 'accepted';
  } catch (error) {
    if (error instanceof CallbackUrlRefused) return error.problem;
    throw error;
  }
}

describe('the callback URL guard', () => {
  it('accepts an https address whose name resolves to public addresses only, and pins the checked address', async () => {
    const target = await guard('https://hooks.example.com/orders?key=1');
    expect(target.address).toBe('93.184.215.14');
    expect(target.url.pathname).toBe('/orders');
    expect(await problemOf('https://93.184.215.14/x')).toBe('accepted');
    expect(await problemOf('https://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]/x')).toBe('accepted');
  });

  it('refuses anything but https, credentials in the URL and text that is no URL', async () => {
    expect(await problemOf('http://hooks.example.com/x')).toBe('not-https');
    expect(await problemOf('ftp://hooks.example.com/x')).toBe('not-https');
    expect(await problemOf('file:///etc/passwd')).toBe('not-https');
    expect(await problemOf('https://user:pw@hooks.example.com/x')).toBe('credentials');
    expect(await problemOf('not a url')).toBe('invalid');
  });

  it.each([
    'https://127.0.0.1/',
    'https://127.1/',
    'https://2130706433/',
    'https://0x7f000001/',
    'https://0177.0.0.1/',
    'https://0/',
    'https://10.1.2.3/',
    'https://172.16.0.1/',
    'https://192.168.1.1/',
    'https://100.64.0.1/',
    'https://169.254.169.254/latest/meta-data/',
    'https://[::1]/',
    'https://[::]/',
    'https://[::ffff:127.0.0.1]/',
    'https://[::ffff:7f00:1]/',
    'https://[::127.0.0.1]/',
    'https://[64:ff9b::a9fe:a9fe]/',
    'https://[2002:7f00:1::]/',
    'https://[fe80::1]/',
    'https://[fd00:ec2::254]/',
    'https://[fc00::1]/',
    'https://localhost/',
    'https://nl.localhost:8080/',
    'https://loopback.example.com/',
    'https://metadata.example.com/',
    'https://v6loop.example.com/',
    'https://mapped.example.com/',
    'https://rebind.example.com/',
  ])('refuses %s as a private address', async (url) => {
    expect(await problemOf(url)).toBe('private-address');
  });

  it('refuses a name that does not resolve', async () => {
    expect(await problemOf('https://nowhere.example.com/x')).toBe('unresolvable');
  });

  it('lets only the configured exact origins through (a receiver on this machine in tests)', async () => {
    expect(await problemOf('http://127.0.0.1:9999/callbacks')).toBe('accepted');
    expect(await problemOf('http://127.0.0.1:9998/callbacks')).toBe('not-https');
    expect(await problemOf('https://127.0.0.1:9998/callbacks')).toBe('private-address');
  });

  it('knows public from private addresses', () => {
    expect(isPublicAddress('8.8.8.8')).toBe(true);
    expect(isPublicAddress('2a00:1450:4001:80b::200e')).toBe(true);
    expect(isPublicAddress('::ffff:8.8.8.8')).toBe(true);
    expect(isPublicAddress('255.255.255.255')).toBe(false);
    expect(isPublicAddress('224.0.0.1')).toBe(false);
    expect(isPublicAddress('ff02::1')).toBe(false);
    expect(isPublicAddress('not-an-ip')).toBe(false);
  });
});
