import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { countryOfChannel } from '@photo/contracts/addresses';
import { normalizePhone } from '@photo/contracts/phone';
import {
  customersApi,
  PROFILE_TEXT_MAX_LENGTH,
  salutations,
  usesSalutation,
  type ProfileUpdate,
  type Salutation,
} from '@photo/contracts/customers';
import { isApiError } from '../../shared/api/api-error';
import { customerQueries } from '../../shared/customer/customer.queries';
import { useCustomer } from '../../shared/customer/use-customer';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { Field, TextField, useFieldErrors } from '../../shared/forms/field';
import { FormActions } from '../../shared/forms/form-actions';
import { SubmitFailure } from '../../shared/forms/submit-failure';
import { useSubmit } from '../../shared/forms/use-submit';
import { useI18n } from '../../shared/i18n/i18n.context';
import type { MessageId } from '../../shared/i18n/translator';
import { useAppNavigate } from '../../shared/routing/app-link';
import { Page } from '../../shared/ui/page';
import { useToasts } from '../../shared/ui/toasts';
import { settingsPaths } from './settings-paths';
import './settings.css';

type Field =
  'firstName' | 'lastName' | 'phone' | 'dateOfBirth' | 'companyName' | 'vatId' | 'chamberOfCommerceNumber';

const salutationText: Record<Salutation, MessageId> = {
  mr: 'details.salutation.mr',
  ms: 'details.salutation.ms',
  mx: 'details.salutation.mx',
};

const problemText: Partial<Record<Field, MessageId>> = {
  phone: 'address.error.phone',
  dateOfBirth: 'details.error.dateOfBirth',
  vatId: 'details.error.vatId',
};

/**
 * '/settings/personal-details' (issue 12): name, salutation where the language uses one, phone in
 * E.164, optional date of birth; a business customer also gives the company details, which move a
 * New account to Default once complete (its banner changes with the answer).
 */
export function PersonalDetailsPage() {
  const { t, locale } = useI18n();
  const { request, config } = useAppEnvironment();
  const customer = useCustomer();
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const navigate = useAppNavigate();
  const fields = useFieldErrors<Field>();
  const [values, setValues] = useState({
    salutation: customer.salutation ?? '',
    firstName: customer.firstName,
    lastName: customer.lastName,
    phone: customer.phone ?? '',
    dateOfBirth: customer.dateOfBirth ?? '',
    companyName: customer.companyName ?? '',
    vatId: customer.vatId ?? '',
    chamberOfCommerceNumber: customer.chamberOfCommerceNumber ?? '',
  });
  const overview = settingsPaths(customer).overview;

  const show = (field: Field, required: boolean) =>
    fields.show({
      [field]: t(required ? 'address.error.required' : (problemText[field] ?? 'address.error.invalid')),
    });
  const fieldAtFault = (error: Error) => {
    const field = isApiError(error, 400) ? (error.field?.split('.').pop() as Field | undefined) : undefined;
    return field && field in values ? field : undefined;
  };

  const save = useSubmit({
    mutationFn: (body: ProfileUpdate) => request(customersApi.updateMe, { body }),
    onSuccess: (updated) => {
      // docs/product/states.md's changed flag: the answer replaces the customer everywhere, so a B2B account the
      // server moved from New to Default loses its banner at once (decision 102).
      queryClient.setQueryData(customerQueries.me(request).queryKey, updated);
      toasts.show({ message: t('details.saved'), tone: 'success' });
      navigate(overview);
    },
    onError: (error) => {
      const field = fieldAtFault(error);
      if (field) show(field, false);
    },
    failureMessage: (error) => (fieldAtFault(error) ? undefined : 'details.saveError'),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.reset();
    if (!values.firstName.trim()) return show('firstName', true);
    if (!values.lastName.trim()) return show('lastName', true);
    if (values.phone.trim() && !normalizePhone(values.phone, countryOfChannel(config.channel.ID))) {
      return show('phone', false);
    }
    fields.clear();
    save.mutate({
      salutation: usesSalutation(locale) && values.salutation ? (values.salutation as Salutation) : null,
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      phone: values.phone,
      dateOfBirth: values.dateOfBirth,
      ...(customer.isB2B
        ? {
            companyName: values.companyName,
            vatId: values.vatId,
            chamberOfCommerceNumber: values.chamberOfCommerceNumber,
          }
        : {}),
    });
  };

  const field = (
    name: Field,
    label: MessageId,
    options: { type?: string; autoComplete: string; optional?: boolean },
  ) => (
    <TextField
      label={t(label)}
      optional={options.optional}
      {...fields.of(name)}
      type={options.type ?? 'text'}
      value={values[name]}
      onValue={(value) => setValues((old) => ({ ...old, [name]: value }))}
      maxLength={PROFILE_TEXT_MAX_LENGTH}
      autoComplete={options.autoComplete}
    />
  );

  return (
    <Page title={t('title.personalDetails')}>
      <form className="settings__form" onSubmit={submit} noValidate>
        {usesSalutation(locale) && (
          <Field label={t('details.salutation')} optional>
            {(control) => (
              <select
                {...control}
                value={values.salutation}
                autoComplete="honorific-prefix"
                onChange={(event) => setValues((old) => ({ ...old, salutation: event.target.value }))}
              >
                <option value="">{t('details.salutation.none')}</option>
                {salutations.map((salutation) => (
                  <option key={salutation} value={salutation}>
                    {t(salutationText[salutation])}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        {field('firstName', 'address.firstName', { autoComplete: 'given-name' })}
        {field('lastName', 'address.lastName', { autoComplete: 'family-name' })}
        {field('phone', 'address.phone', { type: 'tel', autoComplete: 'tel', optional: true })}
        {field('dateOfBirth', 'details.dateOfBirth', { type: 'date', autoComplete: 'bday', optional: true })}
        {customer.isB2B && (
          <>
            <h2 className="settings__heading">{t('details.companyHeading')}</h2>
            {field('companyName', 'details.companyName', { autoComplete: 'organization' })}
            {field('vatId', 'details.vatId', { autoComplete: 'off' })}
            {field('chamberOfCommerceNumber', 'details.chamberOfCommerceNumber', { autoComplete: 'off' })}
          </>
        )}
        <SubmitFailure message={save.failure} />
        <FormActions
          submitLabel={t('details.save')}
          busy={save.isPending}
          cancel={{ label: t('address.cancel'), onClick: () => navigate(overview) }}
        />
      </form>
    </Page>
  );
}
