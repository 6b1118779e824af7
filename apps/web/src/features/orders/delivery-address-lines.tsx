import type { DeliveryAddress } from '@photo/contracts/orders';
import { useI18n } from '../../shared/i18n/i18n.context';

/** An order's delivery address as a postal block, the country named in the customer's language. */
export function DeliveryAddressLines({ address }: { address: DeliveryAddress }) {
  const { locale } = useI18n();
  const country = new Intl.DisplayNames([locale], { type: 'region' }).of(address.country) ?? address.country;
  const lines = [
    address.pickupPointName,
    address.company,
    `${address.firstName} ${address.lastName}`.trim(),
    `${address.street} ${address.houseNumber}`.trim(),
    address.addressLine2,
    `${address.postcode} ${address.city}`.trim(),
    address.region,
    country,
  ].filter((line): line is string => Boolean(line));
  return (
    <address className="address-change__address">
      {lines.map((line, index) => (
        <span key={index}>{line}</span>
      ))}
    </address>
  );
}
