import type { DeliveryAddress } from '@photo/contracts/orders';

/** An order's delivery address as a postal block. */
export function DeliveryAddressLines({ address }: { address: DeliveryAddress }) {
  const lines = [
    address.pickupPointName,
    address.company,
    `${address.firstName} ${address.lastName}`.trim(),
    `${address.street} ${address.houseNumber}`.trim(),
    address.addressLine2,
    `${address.postcode} ${address.city}`.trim(),
    address.region,
    address.country,
  ].filter((line): line is string => Boolean(line));
  return (
    <address className="address-change__address">
      {lines.map((line, index) => (
        <span key={index}>{line}</span>
      ))}
    </address>
  );
}
