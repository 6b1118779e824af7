import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { CALLBACK_RECEIVER_PORT } from '../playwright.config';
import { businessCustomer, privateCustomer } from '../support/accounts';
import { expectNoAxeViolations, expectReflowAt320 } from '../support/accessibility';
import { expect, test } from '../support/fixtures';
import { moveOrder, placeOrder } from '../support/shop';
import { unitedKingdom } from '../support/storefronts';
import { uniqueName } from '../support/unique-name';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

test.describe('B2B pages', () => {
  test('a private customer is sent away from invoices and FTP instructions', async ({ openSignedIn }) => {
    const page = await openSignedIn(privateCustomer, unitedKingdom, '/integration');
    await expect(page).toHaveURL(unitedKingdom.url('/'));
    await page.goto(unitedKingdom.url('/invoices'));
    await expect(page).toHaveURL(unitedKingdom.url('/'));
    await expect(page.getByRole('link', { name: 'FTP instructions' })).toHaveCount(0);
  });

  test('a business saves a callback URL, sees refused ones explained, and receives a signed callback', async ({
    openSignedIn,
  }) => {
    const received: Received[] = [];
    const receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        response.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(CALLBACK_RECEIVER_PORT, '127.0.0.1', resolve));
    try {
      const page = await openSignedIn(businessCustomer, unitedKingdom, '/integration');
      await expect(page.getByRole('heading', { level: 1, name: 'FTP instructions' })).toBeVisible();
      await expect(page.getByText('Put new order files in /orders/incoming.')).toBeVisible();
      await expectNoAxeViolations(page);
      await expectReflowAt320(page);

      const url = page.getByLabel('Callback URL');
      for (const refused of [
        'https://127.0.0.1/hook',
        'https://169.254.169.254/latest',
        'http://example.com/hook',
      ]) {
        await url.fill(refused);
        await page.getByRole('button', { name: 'Save' }).click();
        await expect(page.getByRole('alert')).toContainText("This address can't receive callbacks.");
      }
      await expectNoAxeViolations(page);

      await url.fill(`http://127.0.0.1:${CALLBACK_RECEIVER_PORT}/orders`);
      await page.getByRole('radio', { name: 'XML' }).check();
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Your callback settings have been saved.')).toBeVisible();
      const secret = (await page.locator('.integration__secret-value').textContent())!;
      expect(secret).toMatch(/^whsec_/);

      await page.getByRole('button', { name: 'Send a test callback' }).click();
      await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);
      const [callback] = received;
      const timestamp = callback!.headers['x-photoshop-timestamp'] as string;
      const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${callback!.body}`).digest('hex')}`;
      expect(callback!.headers['x-photoshop-signature']).toBe(expected);
      expect(callback!.body).toContain('<event>test</event>');

      // An order of this customer changes: a signed callback tells the receiver.
      const orderId = await placeOrder({
        code: uniqueName('UK-CB'),
        email: businessCustomer.email,
        storefront: 'uk',
        lines: [{ articleName: 'Poster A2', quantity: 1, unitPrice: 1495 }],
      });
      await moveOrder(orderId, 'ProductionStarted');
      const inProduction = () => received.find((one) => one.body.includes('<status>InProduction</status>'));
      await expect.poll(() => inProduction() !== undefined, { timeout: 20_000 }).toBe(true);
      const changed = inProduction()!;
      expect(changed.body).toContain(`<orderId>${orderId}</orderId><status>InProduction</status>`);
      expect(changed.headers['x-photoshop-signature']).toBe(
        `sha256=${createHmac('sha256', secret)
          .update(`${changed.headers['x-photoshop-timestamp'] as string}.${changed.body}`)
          .digest('hex')}`,
      );

      await page.reload();
      await expect(page.getByRole('cell', { name: 'Delivered' }).first()).toBeVisible();
      await expect(
        page.getByRole('cell', { name: `Order ${orderId.replace(/-1$/, '')} changed` }).first(),
      ).toBeVisible();
      await expect(page.getByRole('cell', { name: '200' }).first()).toBeVisible();
      await expect(page.locator('.integration__secret-value')).toHaveCount(0);
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
