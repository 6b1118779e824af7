import { isIPv4, isIPv6 } from 'node:net';

/**
 * The network a client address belongs to, as rate limits count it: an IPv4 address as it is, an
 * IPv6 address by its /64 prefix, the smallest network a provider hands one customer (a limit per
 * IPv6 address would let anyone step round it with the 2^64 addresses of their own line).
 */
export function networkOf(address: string): string {
  const bare = address.split('%')[0]!;
  const mappedV4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare)?.[1];
  if (mappedV4) return mappedV4;
  if (isIPv4(bare) || !isIPv6(bare)) return bare;
  const [head = '', tail = ''] = bare.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = bare.includes('::') ? (tail ? tail.split(':') : []) : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(Math.max(missing, 0)).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
