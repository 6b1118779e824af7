import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Callbacks are requests this server makes to an address a customer chose, so they must never reach
 * what only this server can reach (SSRF): private and shared networks, loopback, link-local (cloud
 * metadata at 169.254.169.254 and fd00:ec2::254), multicast and reserved ranges. The URL is checked
 * when it is saved, and again at every delivery after DNS resolution, and the request then goes to
 * the very address that was checked (no second lookup a rebinding DNS server could answer
 * differently) and follows no redirects.
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address an IPv6 address carries (mapped, compatible, NAT64, 6to4), if any. */
function embeddedIpv4(address: string): string | undefined {
  const groups = expandIpv6(address);
  if (!groups) return undefined;
  const v4 = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  const zeros = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0);
  // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible, deprecated), ::ffff:0:a.b.c.d (translated).
  if (zeros(0, 5) && (groups[5] === 0xffff || groups[5] === 0)) return v4(groups[6]!, groups[7]!);
  if (zeros(0, 4) && groups[4] === 0xffff && groups[5] === 0) return v4(groups[6]!, groups[7]!);
  // 64:ff9b::/96 (NAT64) and 64:ff9b:1::/48 (local NAT64).
  if (groups[0] === 0x64 && groups[1] === 0xff9b) return v4(groups[6]!, groups[7]!);
  // 2002:a.b.c.d::/48 (6to4).
  if (groups[0] === 0x2002) return v4(groups[1]!, groups[2]!);
  return undefined;
}

function expandIpv6(address: string): number[] | undefined {
  let text = address.split('%')[0]!.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (dotted) {
    const parts = dotted.split('.').map(Number);
    text = text.replace(
      dotted,
      `${((parts[0]! << 8) | parts[1]!).toString(16)}:${((parts[2]! << 8) | parts[3]!).toString(16)}`,
    );
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return undefined;
  return [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups].map((group) =>
    parseInt(group, 16),
  );
}

/** Whether a callback may be sent to this IP address. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !blocked.check(address, 'ipv4');
  if (family !== 6) return false;
  const inner = embeddedIpv4(address);
  if (inner !== undefined) return isPublicAddress(inner);
  return !blocked.check(address.split('%')[0]!, 'ipv6');
}

export type CallbackUrlProblem = 'invalid' | 'not-https' | 'credentials' | 'private-address' | 'unresolvable';

export class CallbackUrlRefused extends Error {
  constructor(readonly problem: CallbackUrlProblem) {
    super(`Callback URL refused: ${problem}`);
  }
}

export interface CallbackTarget {
  url: URL;
  /** The checked address the request must connect to. */
  address: string;
  family: 4 | 6;
}

export type ResolveHost = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

const systemResolve: ResolveHost = (hostname) => lookup(hostname, { all: true, verbatim: true });

export interface CallbackUrlGuardOptions {
  /**
   * Exact origins (scheme, host, port) exempt from the rules: a receiver on this machine in local
   * development and the end-to-end tests. Empty in production.
   */
  allowedOrigins: readonly string[];
  resolve?: ResolveHost;
}

/**
 * Checks a callback URL and resolves its host; every address the name resolves to must be public
 * (one private answer among public ones refuses it: the connection could be sent to any of them).
 */
export function createCallbackUrlGuard(options: CallbackUrlGuardOptions) {
  const resolve = options.resolve ?? systemResolve;
  const allowed = new Set(options.allowedOrigins);

  return async function checkCallbackUrl(raw: string): Promise<CallbackTarget> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new CallbackUrlRefused('invalid');
    }
    // The WHATWG parser has already turned 2130706433, 0x7f.1 and 0177.0.0.1 into 127.0.0.1.
    const hostname = url.hostname.replace(/^\[|\]$/g, '');
    const exempt = allowed.has(url.origin);
    if (!exempt && url.protocol !== 'https:') throw new CallbackUrlRefused('not-https');
    if (exempt && url.protocol !== 'https:' && url.protocol !== 'http:')
      throw new CallbackUrlRefused('not-https');
    if (url.username || url.password) throw new CallbackUrlRefused('credentials');
    if (!hostname) throw new CallbackUrlRefused('invalid');

    const literal = isIP(hostname);
    if (literal) {
      if (!exempt && !isPublicAddress(hostname)) throw new CallbackUrlRefused('private-address');
      return { url, address: hostname, family: literal as 4 | 6 };
    }
    if (!exempt && (hostname === 'localhost' || hostname.endsWith('.localhost'))) {
      throw new CallbackUrlRefused('private-address');
    }
    let answers: Array<{ address: string; family: number }>;
    try {
      answers = await resolve(hostname);
    } catch {
      throw new CallbackUrlRefused('unresolvable');
    }
    if (answers.length === 0) throw new CallbackUrlRefused('unresolvable');
    if (!exempt && answers.some((answer) => !isPublicAddress(answer.address))) {
      throw new CallbackUrlRefused('private-address');
    }
    const first = answers[0]!;
    return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
  };
}

export type CheckCallbackUrl = ReturnType<typeof createCallbackUrlGuard>;
