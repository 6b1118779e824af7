import { paymentMethodsApi } from '@photo/contracts/payment-methods';
import type { ApiRouter } from '../platform/api-router';
import { storefrontContextOf } from '../storefronts/storefronts';
import type { PaymentMethodsService } from './payment-methods.service';

export function registerPaymentMethodRoutes(api: ApiRouter, paymentMethods: PaymentMethodsService): void {
  api.handle(paymentMethodsApi.mine, ({ caller, request }) =>
    paymentMethods.mine(caller, request.storefront),
  );
  api.handle(paymentMethodsApi.save, ({ caller, body, request }) =>
    paymentMethods.save(caller, storefrontContextOf(request), body.method),
  );
}
