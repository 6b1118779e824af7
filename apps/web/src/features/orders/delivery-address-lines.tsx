import { postalAddressLines } from '@photo/contracts/addresses';
import type { DeliveryAddress } from '@photo/contracts/orders';
import { useI18n } from '../../shared/i18n/i18n.context';

/**
 * An order's delivery address as a postal block written as its country writes it (a pickup point's
 * name first), the country named in the customer's language.
 */
export function DeliveryAddressLines({ address }: { address: DeliveryAddress }) {
  const { locale } = useI18n();
  const country = new Intl.DisplayNames([locale], { type: 'region' }).of(address.country) ?? address.country;
  const lines = [address.pickupPointName ?? '', ...postalAddressLines(address, country)].filter(Boolean);
  return (
    <address className="address-change__address">
      {lines.map((line, index) => (
        <span key={index}>{line}</span>
      ))}
    </address>
  );
}
