import { expectNoAxeViolations, expectReflowAt320 } from '../support/accessibility';
import { expect, test } from '../support/fixtures';
import { linkIn, waitForMail } from '../support/mailbox';
import { blockPhotoBook, placeOrder, publishPhotoBook } from '../support/shop';
import { unitedKingdom } from '../support/storefronts';
import { newThrowawayCustomer } from '../support/throwaway-customer';

test.describe('online photo books', () => {
  test('a customer shares a photo book by e-mail and publishes it in the gallery; visitors signed out turn its pages until public viewing is switched off', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const { account, context, page } = await newThrowawayCustomer(browser, unitedKingdom, '/online-products');
    await expect(page.getByText('You have no online photo books yet')).toBeVisible();

    // The shop publishes the ordered book page by page, and says why another order cannot be one.
    const stamp = Date.now();
    const orderId = await placeOrder({
      code: `UK-WB-${stamp}`,
      email: account.email,
      storefront: 'uk',
      lines: [{ articleName: 'Photo book A4 hardcover', quantity: 1, unitPrice: 2995 }],
    });
    await publishPhotoBook(orderId, 'Lake District walks', 3);
    const blockedId = await placeOrder({
      code: `UK-WBB-${stamp}`,
      email: account.email,
      storefront: 'uk',
      lines: [{ articleName: 'Photo book A4 hardcover', quantity: 1, unitPrice: 2995 }],
    });
    await blockPhotoBook(blockedId, 'Wedding', 'licensedContent');

    await page.reload();
    const list = page.getByRole('list', { name: 'My online photo books' });
    const item = list.getByRole('listitem').filter({ hasText: 'Lake District walks' });
    await expect(item).toContainText(`Order ${orderId}`);
    await expect(item).toContainText('3 pages');
    await expect(
      page.getByText('This photo book uses licensed designs that may not be shown online.'),
    ).toBeVisible();
    await expect(item.getByRole('button', { name: 'Publish in gallery' })).toBeVisible();
    await expectNoAxeViolations(page);
    await expectReflowAt320(page);

    await item.getByRole('link', { name: 'Share' }).click();
    await expect(page).toHaveURL(unitedKingdom.url(`/online-products/${orderId}`));
    await expect(page.getByRole('heading', { name: 'Lake District walks' })).toBeVisible();
    const recipient = `friend-${stamp}@example.com`;
    await page.getByLabel('Your name').fill('Tess <b>Temp</b>');
    await page.getByLabel("Recipient's e-mail address").fill('not an address');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Please enter a valid e-mail address')).toBeVisible();
    await expectNoAxeViolations(page);
    await expectReflowAt320(page);
    await page.getByLabel("Recipient's e-mail address").fill(recipient);
    await page
      .getByLabel('Personal message (optional)')
      .fill('Our walks of this summer <script>alert(1)</script>');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText(`Your photo book was sent to ${recipient}.`)).toBeVisible();

    const mail = await waitForMail(unitedKingdom, { to: recipient, template: 'widgets.share' });
    expect(mail.subject).toBe('Tess <b>Temp</b> shared a photo book with you');
    expect(mail.text).toContain('> Our walks of this summer <script>alert(1)</script>');
    const link = linkIn(mail, '/photo-books/');
    expect(new URL(link).pathname).toMatch(/^\/photo-books\/[A-Za-z0-9_-]{22}$/);

    // The recipient: a browser that never signed in.
    const visitor = await browser.newContext();
    const viewer = await visitor.newPage();
    await viewer.goto(link);
    await expect(viewer.getByRole('heading', { name: 'Lake District walks' })).toBeVisible();
    await expect(viewer.getByRole('status')).toHaveText('Page 1 of 3');
    const firstPage = viewer.getByRole('img', { name: 'Page 1 of 3' });
    await expect(firstPage).toHaveJSProperty('complete', true);
    expect(await firstPage.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await expectNoAxeViolations(viewer);
    await expectReflowAt320(viewer);
    await viewer.keyboard.press('ArrowRight');
    await expect(viewer.getByRole('status')).toHaveText('Page 2 of 3');
    await expect(viewer.getByRole('img', { name: 'Page 2 of 3' })).toBeVisible();
    await expect(viewer.getByRole('img', { name: 'Page 1 of 3' })).toBeHidden();
    await viewer.keyboard.press('End');
    await expect(viewer.getByRole('status')).toHaveText('Page 3 of 3');
    await viewer.keyboard.press('ArrowRight');
    await expect(viewer.getByRole('status')).toHaveText('Page 3 of 3');
    await viewer.keyboard.press('Home');
    await expect(viewer.getByRole('status')).toHaveText('Page 1 of 3');
    await viewer.getByRole('button', { name: 'Next page' }).click();
    await expect(viewer.getByRole('status')).toHaveText('Page 2 of 3');
    await viewer.getByRole('button', { name: 'Zoom in' }).click();
    await expect(viewer.getByRole('button', { name: 'Zoom out' })).toHaveAttribute('aria-pressed', 'true');

    // On a phone whose connection is slow, the page keeps its place while its picture arrives: the
    // controls under it do not move when it does.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const slowViewer = await phone.newPage();
    let releaseFirstPage!: () => void;
    const firstPageReleased = new Promise<void>((resolve) => (releaseFirstPage = resolve));
    await slowViewer.route(/\/pages\/1\/\d+\.webp$/, async (route) => {
      await firstPageReleased;
      await route.continue();
    });
    await slowViewer.goto(link, { waitUntil: 'domcontentloaded' });
    const slowFirstPage = slowViewer.getByRole('img', { name: 'Page 1 of 3' });
    const controls = slowViewer.getByRole('navigation', { name: 'Pages' });
    await expect(controls).toBeVisible();
    expect(await slowFirstPage.evaluate((image: HTMLImageElement) => image.complete)).toBe(false);
    const controlsBefore = await controls.boundingBox();
    releaseFirstPage();
    await expect(slowFirstPage).toHaveJSProperty('complete', true);
    expect(await slowFirstPage.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    expect(await controls.boundingBox()).toEqual(controlsBefore);
    await phone.close();

    // The owner publishes it in the storefront's gallery, where anyone finds it and opens it.
    await page.goto(unitedKingdom.url('/online-products'));
    await item.getByLabel('Category').selectOption({ label: 'Travel' });
    await item.getByRole('button', { name: 'Publish in gallery' }).click();
    await expect(item.getByText('In the gallery under Travel')).toBeVisible();
    const gallery = unitedKingdom.url('/photo-books/gallery');
    await page.getByRole('link', { name: 'Open the public photo book gallery' }).click();
    await expect(page).toHaveURL(gallery);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Photo book gallery');
    await expect(page.getByRole('link', { name: 'Lake District walks' })).toBeVisible();
    await viewer.goto(gallery);
    await expect(viewer.getByRole('heading', { level: 1 })).toHaveText('Photo book gallery');
    await viewer
      .getByRole('navigation', { name: 'Categories' })
      .getByRole('link', { name: 'Travel', exact: true })
      .click();
    await expect(viewer.getByRole('link', { name: 'Travel', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const galleryBook = viewer.getByRole('link', { name: 'Lake District walks' });
    // The cover is decorative (the link's text names the book): page 1 at the viewer's smallest size.
    const cover = galleryBook.locator('img');
    await expect(cover).toHaveAttribute('src', /\/pages\/1\/300\.webp$/);
    await expect(cover).toHaveJSProperty('complete', true);
    expect(await cover.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await expectNoAxeViolations(viewer);
    await expectReflowAt320(viewer);
    await galleryBook.focus();
    await viewer.keyboard.press('Enter');
    await expect(viewer.getByRole('heading', { name: 'Lake District walks' })).toBeVisible();

    // The owner switches public viewing off: the link stops working and the book leaves the gallery.
    await page.goto(unitedKingdom.url('/online-products'));
    const toggle = item.getByRole('switch', { name: 'Public viewing' });
    await expect(toggle).toBeChecked();
    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await expect(
      item.getByText(
        'Its link no longer works. When you switch public viewing on again, the photo book gets a new link, and links you shared earlier will not work.',
      ),
    ).toBeVisible();
    const refused = await viewer.goto(link);
    expect(refused?.status()).toBe(404);
    await expect(viewer.getByRole('heading', { name: 'This photo book cannot be viewed' })).toBeVisible();
    await expectNoAxeViolations(viewer);
    await viewer.goto(gallery);
    await expect(viewer.getByRole('heading', { name: 'Photo book gallery' })).toBeVisible();
    await expect(viewer.getByRole('link', { name: 'Lake District walks' })).toHaveCount(0);

    await visitor.close();
    await context.close();
  });
});
