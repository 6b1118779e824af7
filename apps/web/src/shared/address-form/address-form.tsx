import type { QueryKey } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { checkAddress, type AddressProblem, type AddressProblems } from '@photo/contracts/address-check';
import {
  ADDRESS_FIELD_MAX_LENGTH,
  addressCountries,
  addressRules,
  type AddressField,
  type AddressRules,
  type PostalAddress,
} from '@photo/contracts/addresses';
import { isApiError } from '../api/api-error';
import { Field, useFieldErrors } from '../forms/field';
import { FormActions } from '../forms/form-actions';
import { SubmitFailure } from '../forms/submit-failure';
import { useSubmit } from '../forms/use-submit';
import { useI18n } from '../i18n/i18n.context';
import type { MessageId } from '../i18n/translator';
import './address-form.css';

const labels: Record<Exclude<AddressField, 'postcode' | 'region'>, MessageId> = {
  firstName: 'address.firstName',
  lastName: 'address.lastName',
  company: 'address.company',
  street: 'address.street',
  houseNumber: 'address.houseNumber',
  addressLine2: 'address.addressLine2',
  city: 'address.city',
  phone: 'address.phone',
};

const postcodeLabels: Record<AddressRules['postcodeName'], MessageId> = {
  postal: 'address.postcode',
  postcode: 'address.ukPostcode',
  eircode: 'address.eircode',
};

/** docs/product/validation.md's four messages for the fields they name; other fields say what is wrong in general. */
const invalidMessages: Partial<Record<AddressField, MessageId>> = {
  phone: 'address.error.phone',
  postcode: 'address.error.postcode',
  houseNumber: 'address.error.houseNumber',
  street: 'address.error.street',
};

const autoComplete: Record<AddressField, string> = {
  firstName: 'given-name',
  lastName: 'family-name',
  company: 'organization',
  street: 'address-line1',
  houseNumber: 'off',
  addressLine2: 'address-line2',
  postcode: 'postal-code',
  city: 'address-level2',
  region: 'address-level1',
  phone: 'tel',
};

/** A server answer naming one field (`body.postcode`) as a problem of that field. */
function problemFromServer(error: unknown): AddressProblems | undefined {
  if (!isApiError(error, 400) || !error.field) return undefined;
  const field = error.field.split('.').pop() as AddressField;
  return { [field]: /required/i.test(error.message) ? 'required' : 'invalid' };
}

/**
 * The one address form (docs/product/validation.md), for saved addresses in settings and an order's delivery address:
 * the country decides the fields, their order, which are required and the postcode rule (Google's
 * address metadata, the same rule the server applies). Checked on submit; each field says what is
 * wrong under it, and the first one at fault gets the focus.
 */
export function AddressForm({
  initial,
  submitLabel,
  onSubmit,
  invalidates,
  onSaved,
  onCancel,
  cancelLabel,
  failureMessage,
  children,
}: {
  initial: PostalAddress;
  submitLabel: string;
  /** Saves the checked address (postcode and phone normalised); rejects to show the failure. */
  onSubmit: (address: PostalAddress) => Promise<unknown>;
  /** The queries a saved address makes stale. */
  invalidates?: readonly QueryKey[];
  onSaved?: () => void;
  onCancel?: () => void;
  cancelLabel?: string;
  /** Shown when saving fails for any reason but a field. */
  failureMessage: string;
  /** More controls of the caller, shown above the buttons (default address choices). */
  children?: ReactNode;
}) {
  const { t, locale } = useI18n();
  const [address, setAddress] = useState<PostalAddress>(initial);
  const fields = useFieldErrors<AddressField>();
  const rules = addressRules(address.country);
  const countryNames = useMemo(() => new Intl.DisplayNames([locale], { type: 'region' }), [locale]);
  const countries = useMemo(
    () =>
      addressCountries
        .map((code) => ({ code, name: countryNames.of(code) ?? code }))
        .sort((a, b) => a.name.localeCompare(b.name, locale)),
    [countryNames, locale],
  );

  const set = (field: keyof PostalAddress, value: string) =>
    setAddress((current) => ({ ...current, [field]: value }));

  const showProblems = (found: AddressProblems) =>
    fields.show(
      Object.fromEntries(
        Object.entries(found).map(([field, problem]) => [field, messageOf(field as AddressField, problem)]),
      ),
      rules.layout.flat(),
    );

  const save = useSubmit({
    mutationFn: onSubmit,
    invalidates,
    onSuccess: onSaved,
    onError: (error) => {
      const fromServer = problemFromServer(error);
      if (fromServer) showProblems(fromServer);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkAddress(address);
    if (!checked.address) {
      showProblems(checked.problems);
      return;
    }
    fields.clear();
    save.mutate(checked.address);
  };

  const labelOf = (field: AddressField): string => {
    if (field === 'postcode') return t(postcodeLabels[rules.postcodeName]);
    if (field === 'region') return t(rules.regionName === 'county' ? 'address.county' : 'address.province');
    return t(labels[field]);
  };

  const messageOf = (field: AddressField, problem: AddressProblem): string => {
    if (problem === 'required') return t('address.error.required');
    const specific = invalidMessages[field];
    return specific ? t(specific) : t('address.error.invalid');
  };

  const renderField = (field: AddressField) => {
    const required = rules.required.has(field);
    return (
      <Field
        key={field}
        label={labelOf(field)}
        optional={!required}
        {...fields.of(field)}
        className={`address-form__field address-form__field--${field}`}
      >
        {(control) => {
          const common = {
            ...control,
            value: address[field],
            'aria-required': required,
            autoComplete: autoComplete[field],
          };
          return field === 'region' && rules.regions.length > 0 ? (
            <select {...common} onChange={(event) => set(field, event.target.value)}>
              <option value="">{t('address.chooseRegion')}</option>
              {rules.regions.map((region) => (
                <option key={region.key} value={region.key}>
                  {region.name}
                </option>
              ))}
            </select>
          ) : (
            <input
              {...common}
              type={field === 'phone' ? 'tel' : 'text'}
              inputMode={field === 'phone' ? 'tel' : undefined}
              maxLength={ADDRESS_FIELD_MAX_LENGTH}
              placeholder={field === 'postcode' ? rules.postcodeExample : undefined}
              onChange={(event) => set(field, event.target.value)}
            />
          );
        }}
      </Field>
    );
  };

  return (
    <form className="address-form" onSubmit={submit} noValidate>
      <Field label={t('address.country')} className="address-form__field">
        {(control) => (
          <select
            {...control}
            value={address.country}
            autoComplete="country"
            onChange={(event) => {
              set('country', event.target.value);
              set('region', '');
              fields.clear();
            }}
          >
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      {rules.layout.map((row) => (
        <div className="address-form__row" key={row.join('-')}>
          {row.map(renderField)}
        </div>
      ))}
      {children}
      <SubmitFailure message={save.isError && !problemFromServer(save.error) ? failureMessage : undefined} />
      <FormActions
        submitLabel={submitLabel}
        busy={save.isPending}
        cancel={onCancel && { label: cancelLabel ?? t('address.cancel'), onClick: onCancel }}
      />
    </form>
  );
}
