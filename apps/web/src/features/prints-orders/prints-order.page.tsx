import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { Address } from '@photo/contracts/addresses';
import { deliveryCapability, type ChannelArticles, type DeliveryType } from '@photo/contracts/merchandise';
import { formatMoney } from '@photo/contracts/money';
import { photoFilePath } from '@photo/contracts/photos';
import {
  MAX_PRINTS_ORDER_PHOTOS,
  MAX_PRINTS_PER_PHOTO,
  printsOrderSearchParams,
  printsOrdersApi,
  type PrintsCheckoutBody,
} from '@photo/contracts/prints-orders';
import { isApiError } from '../../shared/api/api-error';
import { useAddressLines } from '../../shared/address-form/address-lines';
import { useCustomer } from '../../shared/customer/use-customer';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { ChoiceGroup, TextField } from '../../shared/forms/field';
import { FormActions } from '../../shared/forms/form-actions';
import { SubmitFailure } from '../../shared/forms/submit-failure';
import { useSubmit } from '../../shared/forms/use-submit';
import { useI18n } from '../../shared/i18n/i18n.context';
import { AppLink } from '../../shared/routing/app-link';
import { LoadError } from '../../shared/ui/load-error';
import { LoadingIndicator } from '../../shared/ui/loading-indicator';
import { Page } from '../../shared/ui/page';
import { printsOrderQueries } from './prints-order.queries';
import './prints-order.css';

/** The server found the number of copies out of bounds: said under the field. */
const refusesQuantity = (error: Error) => isApiError(error) && error.field === 'body.quantity';

/** Thumbnails shown of the selection; the rest are counted. */
const SHOWN_PHOTOS = 12;

/**
 * '/prints-order' (decision 088): the storefront's prints editor by default. It reads the selection the
 * hand-off saved (decision 062), offers the catalogue's prints with prices in the storefront's currency
 * (PAP_910 preselected), and sends the customer to pay; the paid order then shows in Orders.
 */
export function PrintsOrderPage() {
  const { t } = useI18n();
  const { config } = useAppEnvironment();
  const [search] = useSearchParams();
  const tempSelectionId = search.get(printsOrderSearchParams.tempSelectionId);
  const productCode = search.get(printsOrderSearchParams.productCode) ?? config.printsOrdering.productCode;
  const paymentFailed = search.get(printsOrderSearchParams.payment) === 'failed';
  return (
    <Page title={t('title.printsOrder')}>
      {paymentFailed && (
        <p className="alert" role="alert">
          {t('printsOrder.paymentFailed')}
        </p>
      )}
      {tempSelectionId ? (
        <PrintsOrderLoader tempSelectionId={tempSelectionId} productCode={productCode} />
      ) : (
        <NoSelection message={t('printsOrder.noSelection')} />
      )}
    </Page>
  );
}

function NoSelection({ message }: { message: string }) {
  const { t } = useI18n();
  return (
    <div className="prints-order__empty">
      <p>{message}</p>
      <AppLink className="button" to="/my-photos/albums">
        {t('printsOrder.toAlbums')}
      </AppLink>
    </div>
  );
}

function PrintsOrderLoader({
  tempSelectionId,
  productCode,
}: {
  tempSelectionId: string;
  productCode: string;
}) {
  const { t } = useI18n();
  const { request, config } = useAppEnvironment();
  const selection = useQuery(printsOrderQueries.selection(request, tempSelectionId));
  const catalogue = useQuery(printsOrderQueries.catalogue(request, config.channel.ID, config.channel.Locale));
  const addresses = useQuery(printsOrderQueries.addresses(request));
  if (selection.isError && isApiError(selection.error, 404))
    return <NoSelection message={t('printsOrder.selectionGone')} />;
  if (selection.isError || catalogue.isError || addresses.isError)
    return (
      <LoadError
        message={t('printsOrder.loadError')}
        onRetry={() => void Promise.all([selection.refetch(), catalogue.refetch(), addresses.refetch()])}
      />
    );
  if (!selection.data || !catalogue.data || !addresses.data)
    return <LoadingIndicator label={t('common.loading')} />;
  if (catalogue.data.articles.length === 0) return <NoSelection message={t('printsOrder.notOffered')} />;
  return (
    <PrintsOrderForm
      tempSelectionId={tempSelectionId}
      photoIds={selection.data.photoIds}
      catalogue={catalogue.data}
      addresses={addresses.data}
      productCode={productCode}
    />
  );
}

function PrintsOrderForm({
  tempSelectionId,
  photoIds,
  catalogue,
  addresses,
  productCode,
}: {
  tempSelectionId: string;
  photoIds: string[];
  catalogue: ChannelArticles;
  addresses: Address[];
  productCode: string;
}) {
  const { t, formatNumber, locale } = useI18n();
  const addressLines = useAddressLines();
  const customer = useCustomer();
  const { request, config, leaveTo } = useAppEnvironment();
  const formId = useId();
  const initial =
    catalogue.articles.find((article) => article.code === productCode) ?? catalogue.articles[0]!;
  const [articleCode, setArticleCode] = useState(initial.code);
  const article = catalogue.articles.find((candidate) => candidate.code === articleCode) ?? initial;
  const [sizeCode, setSizeCode] = useState(initial.sizes[0]?.code);
  const [paperCode, setPaperCode] = useState(initial.papers[0]?.code);
  const [finishCode, setFinishCode] = useState(initial.finishes[0]?.code);
  const [quantityText, setQuantityText] = useState('1');
  const [quantityInvalid, setQuantityInvalid] = useState(false);
  const offered = catalogue.deliveryOptions.filter((option) =>
    article.capabilities.includes(deliveryCapability[option.type]),
  );
  const [chosenDelivery, setDeliveryType] = useState<DeliveryType>(
    addresses.length > 0 ? 'Home' : 'PickupPoint',
  );
  const deliveryType = offered.some((option) => option.type === chosenDelivery)
    ? chosenDelivery
    : (offered[0]?.type ?? chosenDelivery);
  const [pickupPointId, setPickupPointId] = useState(catalogue.pickupPoints[0]?.id);
  const [addressId, setAddressId] = useState(
    (addresses.find((address) => address.isDefaultDelivery) ?? addresses[0])?.id,
  );
  const countryName = (code: string) => new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  const homeWithoutAddress = deliveryType === 'Home' && !addressId;
  const checkout = useSubmit({
    mutationFn: (body: PrintsCheckoutBody) => request(printsOrdersApi.createCheckout, { body }),
    onSuccess: ({ paymentUrl }) => leaveTo(paymentUrl),
    failureMessage: (error) => (refusesQuantity(error) ? undefined : 'printsOrder.startFailed'),
  });

  const size = article.sizes.find((candidate) => candidate.code === sizeCode) ?? article.sizes[0]!;
  const quantity = Number(quantityText);
  const quantityValid =
    quantityText.trim() !== '' &&
    Number.isInteger(quantity) &&
    quantity >= 1 &&
    quantity <= MAX_PRINTS_PER_PHOTO;
  // The summary counts only what will be made: no copies until the number is one we can make.
  const prints = quantityValid ? photoIds.length * quantity : 0;
  const showQuantityError = quantityInvalid || (checkout.isError && refusesQuantity(checkout.error));
  const currency = catalogue.currency;
  const delivery = catalogue.deliveryOptions.find((option) => option.type === deliveryType)!;
  const subtotal = { amountMinor: size.price.amountMinor * prints, currency };
  const total = { amountMinor: subtotal.amountMinor + delivery.price.amountMinor, currency };
  const tooMany = photoIds.length > MAX_PRINTS_ORDER_PHOTOS;
  const money = (amountMinor: number) => formatMoney(amountMinor, currency, locale);

  const chooseArticle = (code: string) => {
    const next = catalogue.articles.find((candidate) => candidate.code === code)!;
    setArticleCode(code);
    setSizeCode(next.sizes[0]?.code);
    setPaperCode(next.papers[0]?.code);
    setFinishCode(next.finishes[0]?.code);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuantityInvalid(!quantityValid);
    if (!quantityValid || tooMany || homeWithoutAddress) return;
    checkout.mutate({
      tempSelectionId,
      articleCode: article.code,
      sizeCode: size.code,
      ...(paperCode ? { paperCode } : {}),
      ...(finishCode ? { finishCode } : {}),
      quantity,
      deliveryType,
      ...(deliveryType === 'PickupPoint' && pickupPointId ? { pickupPointId } : {}),
      ...(deliveryType === 'Home' && addressId ? { addressId } : {}),
    });
  };

  return (
    <form className="prints-order" onSubmit={submit} noValidate>
      <section className="prints-order__photos" aria-labelledby={`${formId}-photos`}>
        <h2 id={`${formId}-photos`}>{t('printsOrder.photosSelected', { count: photoIds.length })}</h2>
        <ul className="prints-order__thumbnails">
          {photoIds.slice(0, SHOWN_PHOTOS).map((photoId) => (
            <li key={photoId}>
              <img src={`${config.apiBaseUrls.photos}${photoFilePath(photoId, 300)}`} alt="" loading="lazy" />
            </li>
          ))}
        </ul>
        {photoIds.length > SHOWN_PHOTOS && (
          <p>{t('printsOrder.morePhotos', { count: photoIds.length - SHOWN_PHOTOS })}</p>
        )}
        {tooMany && (
          <p className="alert" role="alert">
            {t('printsOrder.tooMany', { max: MAX_PRINTS_ORDER_PHOTOS })}
          </p>
        )}
      </section>

      {catalogue.articles.length > 1 && (
        <Choices
          legend={t('printsOrder.product')}
          name="article"
          value={article.code}
          onChange={chooseArticle}
          options={catalogue.articles.map((candidate) => ({ value: candidate.code, label: candidate.name }))}
        />
      )}
      <Choices
        legend={t('printsOrder.size')}
        name="size"
        value={size.code}
        onChange={setSizeCode}
        options={article.sizes.map((candidate) => ({
          value: candidate.code,
          label: t('printsOrder.sizeOption', {
            width: formatNumber(candidate.widthCm),
            height: formatNumber(candidate.heightCm),
          }),
          detail: t('printsOrder.pricePerPrint', {
            price: formatMoney(candidate.price.amountMinor, candidate.price.currency, locale),
          }),
        }))}
      />
      {article.papers.length > 0 && (
        <Choices
          legend={t('printsOrder.paper')}
          name="paper"
          value={paperCode ?? ''}
          onChange={setPaperCode}
          options={article.papers.map((paper) => ({ value: paper.code, label: paper.name }))}
        />
      )}
      {article.finishes.length > 0 && (
        <Choices
          legend={t('printsOrder.finish')}
          name="finish"
          value={finishCode ?? ''}
          onChange={setFinishCode}
          options={article.finishes.map((finish) => ({ value: finish.code, label: finish.name }))}
        />
      )}

      <TextField
        label={t('printsOrder.quantity')}
        error={
          showQuantityError ? t('printsOrder.quantityInvalid', { max: MAX_PRINTS_PER_PHOTO }) : undefined
        }
        className="prints-order__quantity"
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_PRINTS_PER_PHOTO}
        value={quantityText}
        onValue={(typed) => {
          setQuantityText(typed);
          // Once told, the customer sees the message go as soon as the number is right.
          if (quantityInvalid) setQuantityInvalid(false);
          checkout.reset();
        }}
      />

      <Choices
        legend={t('printsOrder.delivery')}
        name="delivery"
        value={deliveryType}
        onChange={(value) => setDeliveryType(value as DeliveryType)}
        options={offered.map((option) => ({
          value: option.type,
          label:
            option.type === 'Home' ? t('printsOrder.deliveryHome') : t('printsOrder.deliveryPickupPoint'),
          detail: formatMoney(option.price.amountMinor, option.price.currency, locale),
        }))}
      />
      {deliveryType === 'Home' &&
        (addresses.length > 0 ? (
          <Choices
            legend={t('printsOrder.address')}
            name="address"
            value={addressId ?? ''}
            onChange={setAddressId}
            options={addresses.map((address) => {
              const [first = '', ...rest] = addressLines(address, countryName(address.country));
              return { value: address.id, label: first, detail: rest.join(', ') };
            })}
          />
        ) : (
          <p className="prints-order__no-address">
            {t('printsOrder.noAddress')}{' '}
            <AppLink to={customer.isB2B ? '/settings/b2b/new-address' : '/settings/new-address'}>
              {t('printsOrder.addAddress')}
            </AppLink>
          </p>
        ))}
      {deliveryType === 'PickupPoint' && (
        <Choices
          legend={t('printsOrder.pickupPoint')}
          name="pickup-point"
          value={pickupPointId ?? ''}
          onChange={setPickupPointId}
          options={catalogue.pickupPoints.map((point) => ({
            value: point.id,
            label: point.name,
            detail: point.address,
          }))}
        />
      )}

      <section className="prints-order__summary" aria-labelledby={`${formId}-summary`}>
        <h2 id={`${formId}-summary`}>{t('printsOrder.summary')}</h2>
        <dl>
          <div>
            <dt>{t('printsOrder.printsLine', { count: prints })}</dt>
            <dd>{quantityValid ? money(subtotal.amountMinor) : '–'}</dd>
          </div>
          <div>
            <dt>{t('printsOrder.deliveryLine')}</dt>
            <dd>{money(delivery.price.amountMinor)}</dd>
          </div>
          <div className="prints-order__total">
            <dt>{t('printsOrder.total')}</dt>
            <dd>{quantityValid ? money(total.amountMinor) : '–'}</dd>
          </div>
        </dl>
      </section>

      <SubmitFailure message={checkout.failure} />
      <FormActions
        submitLabel={
          quantityValid
            ? t('printsOrder.pay', { amount: money(total.amountMinor) })
            : t('printsOrder.payWithoutAmount')
        }
        // Off to the payment page once the checkout is open.
        busy={checkout.isPending || checkout.isSuccess}
        submitDisabled={tooMany || homeWithoutAddress}
      />
    </form>
  );
}

interface Choice {
  value: string;
  label: string;
  detail?: string;
}

/** One fieldset of radio buttons: every option has a visible label and a 44 px target. */
function Choices({
  legend,
  name,
  value,
  onChange,
  options,
}: {
  legend: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  options: Choice[];
}) {
  return (
    <ChoiceGroup legend={legend} className="prints-order__choices">
      {options.map((option) => (
        <label key={option.value} className="prints-order__choice">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
          />
          <span className="prints-order__choice-label">{option.label}</span>
          {option.detail && <span className="prints-order__choice-detail">{option.detail}</span>}
        </label>
      ))}
    </ChoiceGroup>
  );
}
