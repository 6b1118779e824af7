import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { businessCustomer } from '../support/accounts';
import { expectNoAxeViolations, expectReflowAt320 } from '../support/accessibility';
import { expect, test } from '../support/fixtures';
import { moveOrder, placeOrder } from '../support/shop';
import { unitedKingdom } from '../support/storefronts';
import { uniqueName } from '../support/unique-name';

test.describe('B2B invoices', () => {
  test('a business customer’s confirmed order gets an invoice whose PDF holds every item art. 226 asks for', async ({
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
    const date =
      /\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}/;
    // (2) a sequential number and (1) the date of issue; (7) the date of supply.
    expect(text).toContain(`Invoice ${invoiceNumber}`);
    expect(text).toMatch(new RegExp(`Invoice number\\s+${invoiceNumber}`));
    expect(text).toMatch(new RegExp(`Invoice date\\s+${date.source}`));
    expect(text).toMatch(new RegExp(`Date of supply\\s+${date.source}`));
    expect(text).toMatch(new RegExp(`Order\\s+${code}`));
    // (5) the seller's full name and address with its country, (3) its VAT id, and its company registration.
    for (const seller of ['PhotoShop UK Ltd', '1 Photo Street', 'London', 'EC1A 1BB', 'United Kingdom']) {
      expect(text).toContain(seller);
    }
    expect(text).toMatch(/Our VAT number\s+GB999000103/);
    expect(text).toMatch(/Company registration\s+Companies House 09990104 \(England and Wales\)/);
    // (5) the buyer's company name and address, (4) its VAT id: the demo business's complete details.
    for (const buyer of ['Bakker Fotografie B.V.', 'Keizersgracht 100', '1015 CV Amsterdam', 'Netherlands']) {
      expect(text).toContain(buyer);
    }
    expect(text).toMatch(/Your VAT number\s+NL004495445B01/);
    // (6) quantity and nature of the goods, (8) unit price and the VAT rate of each line.
    expect(text).toMatch(/Photo book A4 hardcover\s+2\s+£12\.50\s+20%\s+£25\.00/);
    expect(text).toMatch(/Prints 10x15 glossy\s+50\s+£0\.20\s+20%\s+£10\.00/);
    // (8)-(10) net, VAT and gross per rate, and their totals.
    expect(text).toMatch(/20%\s+£35\.00\s+£7\.00\s+£42\.00/);
    expect(text).toMatch(/Total\s+£35\.00\s+£7\.00\s+£42\.00/);
    // Delivered in the UK by the UK seller: domestic, no exemption to cite; the shop reported it paid.
    expect(text).not.toMatch(/Article (138|146|196)/);
    expect(text).toMatch(new RegExp(`Paid on ${date.source}\\.`));
    // The same bytes when downloaded again.
    const second = page.waitForEvent('download');
    await row.getByRole('link', { name: `Download ${invoiceNumber}` }).click();
    expect(readFileSync(await (await second).path()).equals(readFileSync(await download.path()))).toBe(true);
  });
});
