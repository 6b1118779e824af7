import { readFile } from 'node:fs/promises';
import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import { internalOrderStates, type InternalOrderState, type PaymentStatus } from '@photo/contracts/orders';
import {
  ShopOrderChangeResultSchema,
  ShopSuperOrderSchema,
  shopOrdersApi,
  type ShopEndpoint,
  type ShopSuperOrder,
} from '@photo/contracts/shop-api';
import { shopWidgetsApi, ShopWidgetSchema } from '@photo/contracts/shop-widgets';
import { blockedReasons, type BlockedReason } from '@photo/contracts/widgets';
import { loadConfig } from '../config';
import { demoPhotoBookPage } from '../demo/demo-photo-book';
import { demoCatalogue, demoProduct, type DemoProductKind } from '../demo/demo-orders';
import { storefronts } from '../storefronts/storefronts';
import { shopPath } from './shop-api.router';
import { shopTokenFile } from './shop-api.module';

const usage = `npm run shop -- <command> [options]   drives the shop-side API (docs/shop-integration.md)

  place --email <e-mail> [--storefront nl] [--product prints] [--quantity 24] [--code NL-123] [--pickup <name>]
                          places an order for a customer; prints its code
  advance <code> [--to <state>]   moves the order one step forward (or to the state named)
  pay <code> [--status paymentSuccess|paymentFailed|paymentFree|paymentPending]
  dispatch <code>         marks the order Dispatched
  cancel <code>           cancels the order
  show <code>             prints the order's states
  publish-book <order id> [--title <title>] [--pages 24]
                          publishes the order's photo book online, page by page (drawn demo pages)
  block-book <order id> --reason <reason>   says why the order cannot be an online photo book

  <code> is a super order code (every order in it) or one order's id.
  --at <ISO time>         the time the shop made the change (default: now)
  --url <address>         the account area (default: http://127.0.0.1:PORT)
  products: ${Object.keys(demoCatalogue).join(', ')}
  states: ${internalOrderStates.join(', ')}
  reasons: ${blockedReasons.join(', ')}
  The token is SHOP_API_TOKEN, or the one the server wrote to DATA_DIR/shop-api-token.`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    email: { type: 'string' },
    storefront: { type: 'string', default: 'nl' },
    product: { type: 'string', default: 'prints' },
    quantity: { type: 'string', default: '24' },
    code: { type: 'string' },
    pickup: { type: 'string' },
    to: { type: 'string' },
    status: { type: 'string', default: 'paymentSuccess' },
    at: { type: 'string' },
    url: { type: 'string' },
    title: { type: 'string', default: 'My photo book' },
    pages: { type: 'string', default: '24' },
    reason: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

const fail = (message: string): never => {
  console.error(message);
  process.exit(1);
};

const [command, code] = positionals;
if (values.help || !command) {
  console.log(usage);
  process.exit(values.help ? 0 : 1);
}

const config = loadConfig();
const baseUrl = values.url ?? `http://127.0.0.1:${config.port}`;
const token =
  config.shopApiToken ??
  (await readFile(shopTokenFile(config.dataDir), 'utf8')
    .then((text) => text.trim())
    .catch(() =>
      fail(
        `No shop token: set SHOP_API_TOKEN or start the server once (it writes ${shopTokenFile(config.dataDir)})`,
      ),
    ));
const at = values.at ? new Date(values.at).toISOString() : new Date().toISOString();

async function call(endpoint: ShopEndpoint, params: Record<string, string>, body?: object): Promise<unknown> {
  const response = await fetch(`${baseUrl}${shopPath(endpoint, params)}`, {
    method: endpoint.method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  }).catch((error: Error) => fail(`Cannot reach ${baseUrl}: ${error.message}`));
  const text = await response.text();
  if (!response.ok) fail(`${endpoint.method} ${endpoint.path}: ${response.status} ${text}`);
  return JSON.parse(text) as unknown;
}

/** The orders a code names: every order of a super order, or the one order with that id. */
async function ordersOf(code: string): Promise<{ superOrder: ShopSuperOrder; orderIds: string[] }> {
  const superOrderCode = code.replace(/-\d+$/, '');
  for (const candidate of [code, superOrderCode]) {
    const response = await fetch(
      `${baseUrl}${shopPath(shopOrdersApi.getSuperOrder, { superOrderCode: candidate })}`,
      {
        headers: { authorization: `Bearer ${token}` },
      },
    ).catch((error: Error) => fail(`Cannot reach ${baseUrl}: ${error.message}`));
    if (!response.ok) continue;
    const superOrder = ShopSuperOrderSchema.parse(await response.json());
    const orderIds = candidate === code ? superOrder.orders.map((order) => order.id) : [code];
    if (orderIds.every((id) => superOrder.orders.some((order) => order.id === id)))
      return { superOrder, orderIds };
  }
  return fail(`No order ${code}`);
}

async function setState(code: string, next: (current: InternalOrderState) => InternalOrderState | undefined) {
  const { superOrder, orderIds } = await ordersOf(code);
  for (const id of orderIds) {
    const current = superOrder.orders.find((order) => order.id === id)!.state;
    const state = next(current);
    if (!state) {
      console.log(`${id}: ${current} (final)`);
      continue;
    }
    const result = ShopOrderChangeResultSchema.parse(
      await call(shopOrdersApi.putState, { orderId: id }, { state, changedAt: at }),
    );
    console.log(`${id}: ${current} -> ${result.order.state}${result.applied ? '' : ' (unchanged)'}`);
  }
}

const forward: InternalOrderState[] = [
  'Received',
  'Confirmed',
  'ProductionStarted',
  'ProductionCompleted',
  'Dispatched',
];

const needCode = () => code ?? fail(`${command} needs an order code\n\n${usage}`);

switch (command) {
  case 'place': {
    const email = values.email ?? fail('place needs --email');
    const storefront =
      storefronts.find((candidate) => candidate.id === values.storefront) ??
      fail(`Unknown storefront ${values.storefront}`);
    const kind = values.product as DemoProductKind;
    if (!(kind in demoCatalogue)) fail(`Unknown product ${kind}`);
    const quantity = Number(values.quantity);
    const superOrderCode = values.code ?? `${storefront.channelId}-${randomInt(8_000_000, 8_999_999)}`;
    const result = shopOrdersApi.putSuperOrder.response.parse(
      await call(
        shopOrdersApi.putSuperOrder,
        { superOrderCode },
        {
          email,
          storefront: storefront.id,
          createdAt: at,
          changedAt: at,
          deliveryType: values.pickup ? 'PickupPoint' : 'Home',
          deliveryAddress: {
            firstName: 'Demo',
            lastName: 'Customer',
            street: 'Keizersgracht',
            houseNumber: '212',
            postcode: '1016 DZ',
            city: 'Amsterdam',
            country: 'NL',
            company: '',
            addressLine2: '',
            region: '',
            phone: '',
            ...(values.pickup ? { pickupPointName: values.pickup } : {}),
          },
          orders: [
            { id: `${superOrderCode}-1`, products: [demoProduct(kind, '1', quantity, storefront.currency)] },
          ],
        },
      ),
    );
    console.log(result.superOrder.superOrderCode);
    break;
  }
  case 'advance': {
    const target = values.to as InternalOrderState | undefined;
    if (target && !internalOrderStates.includes(target)) fail(`Unknown state ${target}`);
    await setState(
      needCode(),
      (current) => target ?? (current === 'Cancelled' ? undefined : forward[forward.indexOf(current) + 1]),
    );
    break;
  }
  case 'dispatch':
    await setState(needCode(), () => 'Dispatched');
    break;
  case 'cancel':
    await setState(needCode(), () => 'Cancelled');
    break;
  case 'pay': {
    const { orderIds } = await ordersOf(needCode());
    for (const id of orderIds) {
      const result = ShopOrderChangeResultSchema.parse(
        await call(
          shopOrdersApi.putPayment,
          { orderId: id },
          { paymentStatus: values.status as PaymentStatus, changedAt: at },
        ),
      );
      console.log(`${id}: ${result.order.paymentStatus}${result.applied ? '' : ' (unchanged)'}`);
    }
    break;
  }
  case 'show': {
    const { superOrder } = await ordersOf(needCode());
    console.log(JSON.stringify(superOrder, null, 2));
    break;
  }
  case 'publish-book': {
    const orderCode = needCode();
    const pageCount = Number(values.pages);
    await call(shopWidgetsApi.putWidget, { orderCode }, { title: values.title, pageCount });
    for (let page = 1; page <= pageCount; page += 1) {
      const imageBase64 = (await demoPhotoBookPage(page)).toString('base64');
      const widget = ShopWidgetSchema.parse(
        await call(shopWidgetsApi.putPage, { orderCode, pageNumber: String(page) }, { imageBase64 }),
      );
      console.log(`${orderCode}: page ${page} of ${widget.pageCount} (${widget.pagesReceived} received)`);
    }
    break;
  }
  case 'block-book': {
    const reason = values.reason as BlockedReason;
    if (!blockedReasons.includes(reason))
      fail(`block-book needs --reason, one of ${blockedReasons.join(', ')}`);
    const widget = ShopWidgetSchema.parse(
      await call(
        shopWidgetsApi.putWidget,
        { orderCode: needCode() },
        { title: values.title, blockedReason: reason },
      ),
    );
    console.log(`${widget.orderCode}: blocked (${widget.blockedReason})`);
    break;
  }
  default:
    fail(`Unknown command ${command}\n\n${usage}`);
}
