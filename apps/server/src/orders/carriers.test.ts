import { describe, expect, it } from 'vitest';
import { trackingUrl } from './carriers';

describe('tracking pages', () => {
  it.each(['PostNL', 'DHL', 'DPD', 'UPS', 'Royal Mail', 'bpost', 'GLS', 'Posten'])(
    'links %s over https, with the number URL-encoded',
    (carrier) => {
      const url = new URL(trackingUrl(carrier, 'A B&c=1#x')!);
      expect(url.protocol).toBe('https:');
      expect(url.href).toContain('A%20B%26c%3D1%23x');
    },
  );

  it('knows a carrier whatever its case, and links no other', () => {
    expect(trackingUrl(' postnl ', '3S1')).toBe(trackingUrl('PostNL', '3S1'));
    expect(trackingUrl('Bring', '3S1')).toBeNull();
  });
});
