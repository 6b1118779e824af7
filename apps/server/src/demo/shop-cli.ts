import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import { internalOrderStates, type InternalOrderState, type PaymentStatus } from '@photo/contracts/orders';
import {
  ShopOrderChangeResultSchema,
  ShopSuperOrderSchema,
  shopOrdersApi,
  type ShopEndpoint,
  type ShopSuperOrder,
  type ShopUploadEndpoint,
} from '@photo/contracts/shop-api';
import { PRODUCT_PDF_PURPOSE } from '@photo/contracts/products';
import { ShopPdfArchiveSchema, ShopPdfSchema, shopPdfsApi } from '@photo/contracts/shop-pdfs';
import { loadConfig } from '../config';
import {
  demoCatalogue,
  demoDeliveryAddress,
  demoDeliveryPrice,
  demoProduct,
  type DemoProductKind,
} from './demo-orders';
import { mapPosterDocument, zipFiles } from './demo-pdfs';
import { renderPdf } from '../platform/pdf-renderer';
import { shopPhotoBooksApi, ShopPhotoBookSchema } from '@photo/contracts/shop-photo-books';
import { ParticipantsSchema } from '@photo/contracts/shared-albums';
import { shopSharedAlbumsApi } from '@photo/contracts/shop-shared-albums';
import { blockedReasons, type BlockedReason } from '@photo/contracts/photo-books';
import { demoPhotoBookPage } from './demo-photo-book';
import { storefronts } from '../storefronts/storefronts';
import { shopPath } from '../shop-api/shop-api.router';
import { shopTokenFile } from '../shop-api/shop-api.module';

const usage = `npm run shop -- <command> [options]   drives the shop-side API (docs/shop-integration.md)

  place --email <e-mail> [--storefront nl] [--product prints] [--quantity 24] [--code NL-123] [--pickup <name>]
                          places an order for a customer; prints its code
  advance <code> [--to <state>]   moves the order one step forward (or to the state named)
  pay <code> [--status paymentSuccess|paymentFailed|paymentFree|paymentPending]
  dispatch <code>         marks the order Dispatched
  cancel <code>           cancels the order
  show <code>             prints the order's states
  attach-pdfs <code> <file.zip> [--line 1]
                          sends the zip of an order's print files and names each PDF in it for the customer
  map-poster <code> [--place Utrecht] [--coordinates "52.0907° N, 5.1214° E"] [--line 1]
                          renders a custom map poster's print file, zips it and attaches it to the order
  product <article code> --name <name> [--description <text>] [--sheet <file.pdf>] [--language nl-NL]
                          sends product information, and its product sheet (purpose product.pdf) in
                          that language (without one: the sheet every reader without their own gets)
  publish-book <order id> [--title <title>] [--pages 24]
                          publishes the order's photo book online, page by page (drawn demo pages)
  block-book <order id> --reason <reason>   says why the order cannot be an online photo book
  share-album <album id> --email <e-mail> [--storefront nl]
                          shares a customer's album with an address (migration only: customers
                          can no longer share albums themselves, decision 150)

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
    line: { type: 'string', default: '1' },
    place: { type: 'string', default: 'Utrecht' },
    coordinates: { type: 'string', default: '52.0907° N, 5.1214° E' },
    name: { type: 'string' },
    description: { type: 'string', default: '' },
    sheet: { type: 'string' },
    language: { type: 'string' },
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
  config.shopApiTokens[0] ??
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

/** Sends a file as the body of an upload call. */
async function upload(
  endpoint: ShopUploadEndpoint,
  params: Record<string, string>,
  file: Buffer,
  contentType: string,
  query = '',
): Promise<unknown> {
  const response = await fetch(`${baseUrl}${shopPath(endpoint, params)}${query}`, {
    method: endpoint.method,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body: new Uint8Array(file),
  }).catch((error: Error) => fail(`Cannot reach ${baseUrl}: ${error.message}`));
  const text = await response.text();
  if (!response.ok) fail(`${endpoint.method} ${endpoint.path}: ${response.status} ${text}`);
  return JSON.parse(text) as unknown;
}

/** Sends an order's zip and names every PDF in it, each under a code made from the order and entry. */
async function attachPdfs(code: string, zip: Buffer) {
  const { orderIds } = await ordersOf(code);
  const orderId = orderIds[0]!;
  const archive = ShopPdfArchiveSchema.parse(
    await upload(shopPdfsApi.putOrderPdfArchive, { orderId }, zip, 'application/zip'),
  );
  for (const [index, entry] of archive.pdfEntries.entries()) {
    const pdf = ShopPdfSchema.parse(
      await call(
        shopPdfsApi.putPdf,
        { code: `${orderId}-PDF-${index + 1}` },
        {
          orderId,
          lineId: values.line,
          entry,
          name: path.basename(entry).replace(/\.pdf$/i, ''),
          createdAt: at,
        },
      ),
    );
    console.log(`${pdf.code}: ${pdf.entry}`);
  }
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
          deliveryPrice: demoDeliveryPrice(storefront, values.pickup ? 'PickupPoint' : 'Home'),
          deliveryAddress: {
            ...demoDeliveryAddress('nl', { firstName: 'Demo', lastName: 'Customer' }),
            ...(values.pickup ? { pickupPointName: values.pickup } : {}),
          },
          orders: [{ id: `${superOrderCode}-1`, products: [demoProduct(kind, '1', quantity, storefront)] }],
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
  case 'attach-pdfs': {
    const file = positionals[2] ?? fail(`attach-pdfs needs a zip file\n\n${usage}`);
    await attachPdfs(needCode(), await readFile(file));
    break;
  }
  case 'map-poster': {
    const { superOrder } = await ordersOf(needCode());
    const pdf = await renderPdf(
      mapPosterDocument({
        place: values.place,
        coordinates: values.coordinates,
        orderCode: superOrder.superOrderCode,
        // The poster the demo shop sells: its print file is a page of that size.
        productCode: demoCatalogue.poster.code,
        createdAt: new Date(at),
      }),
    );
    await attachPdfs(
      needCode(),
      await zipFiles([{ name: `Map poster ${values.place}.pdf`, data: pdf, mtime: new Date(at) }]),
    );
    break;
  }
  case 'product': {
    const name = values.name ?? fail('product needs --name');
    const productCode = needCode();
    await call(
      shopPdfsApi.putProduct,
      { code: productCode },
      { name, description: values.description, changedAt: at },
    );
    if (values.sheet) {
      await upload(
        shopPdfsApi.putProductFile,
        { code: productCode, purpose: PRODUCT_PDF_PURPOSE },
        await readFile(values.sheet),
        'application/pdf',
        `?${new URLSearchParams({
          fileName: path.basename(values.sheet),
          ...(values.language ? { language: values.language } : {}),
        })}`,
      );
    }
    console.log(productCode);
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
    await call(shopPhotoBooksApi.putPhotoBook, { orderCode }, { title: values.title, pageCount });
    for (let page = 1; page <= pageCount; page += 1) {
      const imageBase64 = (await demoPhotoBookPage(page)).toString('base64');
      const widget = ShopPhotoBookSchema.parse(
        await call(shopPhotoBooksApi.putPage, { orderCode, pageNumber: String(page) }, { imageBase64 }),
      );
      console.log(`${orderCode}: page ${page} of ${widget.pageCount} (${widget.pagesReceived} received)`);
    }
    break;
  }
  case 'block-book': {
    const reason = values.reason as BlockedReason;
    if (!blockedReasons.includes(reason))
      fail(`block-book needs --reason, one of ${blockedReasons.join(', ')}`);
    const widget = ShopPhotoBookSchema.parse(
      await call(
        shopPhotoBooksApi.putPhotoBook,
        { orderCode: needCode() },
        { title: values.title, blockedReason: reason },
      ),
    );
    console.log(`${widget.orderCode}: blocked (${widget.blockedReason})`);
    break;
  }
  case 'share-album': {
    const albumId = code ?? fail(`share-album needs an album id\n\n${usage}`);
    const email = values.email ?? fail(`share-album needs --email\n\n${usage}`);
    const shared = ParticipantsSchema.parse(
      await call(shopSharedAlbumsApi.shareAlbum, { albumId }, { email, storefront: values.storefront }),
    );
    for (const participant of shared.participants) {
      console.log(`${participant.email}${participant.joined ? '' : ' (invited)'}`);
    }
    break;
  }
  default:
    fail(`Unknown command ${command}\n\n${usage}`);
}
