import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import {
  paymentMethodsApi,
  type PaymentMethodId,
  type PaymentMethods,
} from '@photo/contracts/payment-methods';
import { useCustomer } from '../../shared/customer/use-customer';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { FormActions } from '../../shared/forms/form-actions';
import { SubmitFailure } from '../../shared/forms/submit-failure';
import { useSubmit } from '../../shared/forms/use-submit';
import { useT } from '../../shared/i18n/i18n.context';
import type { MessageId } from '../../shared/i18n/translator';
import { QueryStates } from '../../shared/ui/query-states';
import { Page } from '../../shared/ui/page';
import { settingsPaths } from './settings-paths';
import './settings.css';

const paymentMethodKey = ['customers', 'me', 'payment-method'] as const;

const methodLabels: Record<PaymentMethodId, MessageId> = {
  ideal: 'paymentMethod.method.ideal',
  bancontact: 'paymentMethod.method.bancontact',
  card: 'paymentMethod.method.card',
  paypal: 'paymentMethod.method.paypal',
  sepaDirectDebit: 'paymentMethod.method.sepaDirectDebit',
  invoice: 'paymentMethod.method.invoice',
};

/**
 * '/settings/payment-method' (issue 12): the customer's current method, then the storefront's methods
 * (the server's list: SEPA only where prices are in euro) to choose the one for future orders. Card and SEPA are saved on the payment provider's page with nothing charged (decision 105).
 */
export function PaymentMethodPage() {
  const t = useT();
  const { request } = useAppEnvironment();
  const methods = useQuery({
    queryKey: paymentMethodKey,
    queryFn: ({ signal }) => request(paymentMethodsApi.mine, {}, { signal }),
  });

  return (
    <Page title={t('title.paymentMethod')}>
      <QueryStates query={methods} errorMessage={t('settings.loadError')}>
        {(paymentMethods) =>
          paymentMethods.available.length === 0 ? (
            <p>{t('paymentMethod.empty')}</p>
          ) : (
            <PaymentMethodForm methods={paymentMethods} />
          )
        }
      </QueryStates>
    </Page>
  );
}

function PaymentMethodForm({ methods }: { methods: PaymentMethods }) {
  const t = useT();
  const { request, leaveTo } = useAppEnvironment();
  const customer = useCustomer();
  const queryClient = useQueryClient();
  const name = useId();
  const [chosen, setChosen] = useState<PaymentMethodId | null>(methods.preferred);
  const [saved, setSaved] = useState(false);
  const save = useSubmit({
    mutationFn: (method: PaymentMethodId) => request(paymentMethodsApi.save, { body: { method } }),
    onSuccess: (result) => {
      if (result.redirectUrl) return leaveTo(result.redirectUrl);
      queryClient.setQueryData(paymentMethodKey, { ...methods, preferred: result.preferred });
      setSaved(true);
    },
    failureMessage: 'error.generic',
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    setSaved(false);
    save.mutate(chosen);
  };

  return (
    <form className="settings__form" onSubmit={submit}>
      <p className="settings__current">
        {methods.preferred
          ? t('paymentMethod.current', { method: t(methodLabels[methods.preferred]) })
          : t('paymentMethod.currentNone')}
      </p>
      <fieldset className="settings__methods">
        <legend>{t('paymentMethod.legend')}</legend>
        {methods.available.map((method) => (
          <label key={method}>
            <input
              type="radio"
              name={name}
              value={method}
              checked={chosen === method}
              onChange={() => setChosen(method)}
            />
            <span>{t(methodLabels[method])}</span>
          </label>
        ))}
      </fieldset>
      {/* Only the methods this storefront has are named: the uk storefront never mentions SEPA. */}
      {methods.available.includes('sepaDirectDebit') ? (
        <p className="settings__hint">{t('paymentMethod.providerHint')}</p>
      ) : (
        methods.available.includes('card') && (
          <p className="settings__hint">{t('paymentMethod.providerHintCard')}</p>
        )
      )}
      {saved && <p role="status">{t('paymentMethod.saved')}</p>}
      <SubmitFailure message={save.failure} />
      <FormActions
        submitLabel={t('paymentMethod.save')}
        busy={save.isPending}
        submitDisabled={!chosen}
        cancel={{ label: t('settings.back'), to: settingsPaths(customer).overview }}
      />
    </form>
  );
}
