import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { businessCustomer } from '../support/accounts';
import { expectNoAxeViolations, expectReflowAt320 } from '../support/accessibility';
import { expect, test } from '../support/fixtures';
import { moveOrder, placeOrder } from '../support/shop';
import { unitedKingdom } from '../support/storefronts';
import { uniqueName } from '../support/unique-name';

test.describe('B2B invoices', () => {
  test('a business customer’s confirmed order gets an invoice whose PDF shows its number, VAT and totals', async ({
    openSignedIn,
  }) => {
    const code = uniqueName('UK-E2E');
    const orderId = await placeOrder({
      code,
      email: businessCustomer.email,
      storefront: 'uk',
      lines: [
        { articleName: 'Photo book A4 hardcover', quantity: 2, unitPrice: 1250 },
        { articleName: 'Prints 10x15 glossy', quantity: 50, unitPrice: 20 },
      ],
    });
    await moveOrder(orderId, 'Confirmed');

    const page = await openSignedIn(businessCustomer, unitedKingdom, '/invoices');
    const row = page.getByRole('row').filter({ hasText: code });
    await expect(async () => {
      await page.reload();
      await expect(row).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(row).toContainText('£42.00');
    const invoiceNumber = (await row.getByRole('rowheader').textContent())!;
    expect(invoiceNumber).toMatch(/^UK-\d{6}$/);
    await expectNoAxeViolations(page);
    await expectReflowAt320(page);

    const downloading = page.waitForEvent('download');
    await row.getByRole('link', { name: `Download ${invoiceNumber}` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
    const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', await download.path(), '-'], {
      encoding: 'utf8',
    }).replace(/[\u00a0\u202f]/g, ' ');
    expect(text).toContain(`Invoice ${invoiceNumber}`);
    expect(text).toContain(code);
    expect(text).toMatch(/Photo book A4 hardcover\s+2\s+£12\.50\s+£25\.00/);
    expect(text).toMatch(/Total excluding VAT\s+£35\.00/);
    expect(text).toMatch(/VAT 20%\s+£7\.00/);
    expect(text).toMatch(/Total including VAT\s+£42\.00/);
    // The same bytes when downloaded again.
    const second = page.waitForEvent('download');
    await row.getByRole('link', { name: `Download ${invoiceNumber}` }).click();
    expect(readFileSync(await (await second).path()).equals(readFileSync(await download.path()))).toBe(true);
  });
});
