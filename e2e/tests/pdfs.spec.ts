import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { businessCustomer, privateCustomer } from '../support/accounts';
import { expectNoAxeViolations, expectReflowAt320 } from '../support/accessibility';
import { expect, test } from '../support/fixtures';
import { unitedKingdom } from '../support/storefronts';

interface ListedPdf {
  code: string;
  name: string;
  orderCode: string;
}

/** A call from the page, with its cookie (Playwright's own request client cannot resolve `*.localhost`). */
async function fetchIn(page: Page, url: string) {
  return page.evaluate(async (address) => {
    const response = await fetch(address);
    return {
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      contentLanguage: response.headers.get('content-language'),
      text: await response.text(),
    };
  }, url);
}

test.describe('PDFs', () => {
  test('a customer opens the PDF list from the orders page and downloads a map poster whose text shows what was rendered', async ({
    openSignedIn,
  }) => {
    const page = await openSignedIn(privateCustomer, unitedKingdom, '/orders');
    await page.getByRole('link', { name: 'My PDFs: print files of your orders' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My PDFs' })).toBeVisible();
    const item = page.getByRole('listitem').filter({
      has: page.getByRole('heading', { level: 2, name: 'Map poster – Amsterdam' }),
    });
    // The product is named as the catalogue sells it here, as on the order's lines.
    await expect(item).toContainText('Poster 42 × 59.4 cm');
    await expectNoAxeViolations(page);
    await expectReflowAt320(page);

    const downloading = page.waitForEvent('download');
    await item.getByRole('link', { name: 'Download Map poster – Amsterdam' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('Map poster – Amsterdam.pdf');
    const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', await download.path(), '-'], {
      encoding: 'utf8',
    });
    expect(text).toContain('AMSTERDAM');
    expect(text).toContain('52.3676° N, 4.9041° E');
    const orderCode = (await item.getByRole('link', { name: /^NL-/ }).textContent())!;
    expect(text).toContain(orderCode);
  });

  test('a customer opens the product sheet of a product from the order it is in', async ({
    openSignedIn,
  }) => {
    const page = await openSignedIn(privateCustomer, unitedKingdom, '/pdfs');
    const poster = page.getByRole('listitem').filter({
      has: page.getByRole('heading', { level: 2, name: 'Map poster – London' }),
    });
    await poster.getByRole('link', { name: /^UK-/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Order details' })).toBeVisible();
    const products = page.getByRole('list', { name: 'Products' });
    // The shop's catalogue has a sheet for the poster, none for the prints ordered with it; order lines
    // are named as the catalogue names them in the storefront's language.
    const sheetLink = products.getByRole('link', {
      name: 'Product information for Poster 42 × 59.4 cm (PDF)',
    });
    await expect(sheetLink).toBeVisible();
    await expect(
      products.getByRole('listitem').filter({ hasText: 'Photo prints 10 × 15 cm' }).getByRole('link'),
    ).toHaveCount(0);
    await expectNoAxeViolations(page);
    await expectReflowAt320(page);

    const sheet = await fetchIn(page, (await sheetLink.getAttribute('href'))!);
    expect(sheet.status).toBe(200);
    expect(sheet.contentType).toBe('application/pdf');
    // The sheet in the storefront's language (decision 125).
    expect(sheet.contentLanguage).toBe('en-GB');
    const downloading = page.waitForEvent('download');
    await sheetLink.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('WALL_POSTER_A2.pdf');
    const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', await download.path(), '-'], {
      encoding: 'utf8',
    });
    expect(text).toContain('Poster 42 × 59.4 cm');
    expect(text).toContain('200 g/m² satin');
  });

  test('another customer’s PDF code answers 404 and shows nothing of it', async ({ openSignedIn }) => {
    const owner = await openSignedIn(privateCustomer, unitedKingdom, '/pdfs');
    const listed = JSON.parse((await fetchIn(owner, '/api/products/v1/Pdfs/me')).text) as ListedPdf[];
    const poster = listed.find((pdf) => pdf.name === 'Map poster – Amsterdam')!;
    const own = await fetchIn(owner, `/api/products/v1/pdf/me/${poster.code}`);
    expect(own.status).toBe(200);
    expect(own.contentType).toBe('application/pdf');

    const other = await openSignedIn(businessCustomer, unitedKingdom, '/pdfs');
    const answer = await fetchIn(other, `/api/products/v1/pdf/me/${poster.code}`);
    expect(answer.status).toBe(404);
    expect(answer.contentType).toContain('application/json');
    expect(answer.text).not.toContain('Amsterdam');
    // Their own list (their own demo orders have map posters too) offers nothing of the owner's.
    await expect(other.getByRole('link', { name: /^Download / }).first()).toBeVisible();
    await expect(other.locator(`a[href$="/pdf/me/${poster.code}"]`)).toHaveCount(0);
  });
});
