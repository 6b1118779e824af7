import { useEffect, useState } from 'react';
import { postalAddressLines, type PostalAddress } from '@photo/contracts/addresses';

type FormatPhone = (e164: string) => string;

const asStored: FormatPhone = (e164) => e164;
let loadedFormat: FormatPhone | undefined;
let loading: Promise<FormatPhone> | undefined;

// The phone metadata of every country is the larger part of the address code: a page that only
// shows a phone number loads it after its first render, not before it (decision 161).
function loadPhoneFormat(): Promise<FormatPhone> {
  loading ??= import('@photo/contracts/phone-format').then(
    ({ formatPhone }) => (loadedFormat = formatPhone),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * Phone numbers as people read them ('+44 20 7946 0958'); for the moment the formatting loads (and
 * should it fail to) they are shown as stored ('+442079460958'), which is the same number.
 */
export function usePhoneFormat(): FormatPhone {
  const [format, setFormat] = useState<FormatPhone | undefined>(() => loadedFormat);
  useEffect(() => {
    if (format) return;
    let current = true;
    loadPhoneFormat().then(
      (loaded) => current && setFormat(() => loaded),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [format]);
  return format ?? asStored;
}

/** The address as it is written on an envelope there, then its phone number as people read it. */
export function useAddressLines(): (address: PostalAddress, countryName: string) => string[] {
  const formatPhone = usePhoneFormat();
  return (address, countryName) => [
    ...postalAddressLines(address, countryName),
    ...(address.phone ? [formatPhone(address.phone)] : []),
  ];
}
