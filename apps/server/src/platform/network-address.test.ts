import { describe, expect, it } from 'vitest';
import { networkOf } from './network-address';

describe('networkOf', () => {
  it.each([
    ['10.1.2.3', '10.1.2.3'],
    ['::ffff:10.1.2.3', '10.1.2.3'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002::9', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('counts %s as %s', (address, network) => {
    expect(networkOf(address)).toBe(network);
  });

  it('puts every address of one IPv6 line in one network', () => {
    expect(networkOf('2001:db8:1:2:aaaa::1')).toBe(networkOf('2001:db8:1:2:ffff:ffff:ffff:ffff'));
    expect(networkOf('2001:db8:1:2::1')).not.toBe(networkOf('2001:db8:1:3::1'));
  });
});
