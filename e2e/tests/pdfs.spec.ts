import { execFileSync } from 'node:child_process';
import { businessCustomer, privateCustomer } from '../support/accounts';
import { expectNoAxeViolations, expectReflowAt320 } from '../support/accessibility';
import { expect, test } from '../support/fixtures';
import { unitedKingdom } from '../support/storefronts';

interface ListedPdf {
  code: string;
  name: string;
  orderCode: string;
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
    await expect(item).toContainText('Poster A2');
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

  test('another customer’s PDF code answers 404 and shows nothing of it', async ({ openSignedIn }) => {
    const owner = await openSignedIn(privateCustomer, unitedKingdom, '/pdfs');
    const listed = (await (await owner.request.get('/api/products/v1/Pdfs/me')).json()) as ListedPdf[];
    const poster = listed.find((pdf) => pdf.name === 'Map poster – Amsterdam')!;
    expect((await owner.request.get(`/api/products/v1/pdf/me/${poster.code}`)).status()).toBe(200);

    const other = await openSignedIn(businessCustomer, unitedKingdom, '/pdfs');
    const answer = await other.request.get(`/api/products/v1/pdf/me/${poster.code}`);
    expect(answer.status()).toBe(404);
    expect(answer.headers()['content-type']).toContain('application/json');
    expect(await answer.text()).not.toContain('Amsterdam');
    await expect(other.getByRole('heading', { level: 2, name: 'Map poster – Amsterdam' })).toHaveCount(0);
  });
});
