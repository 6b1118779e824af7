import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { expectNoAxeViolations } from '../support/accessibility';
import { fixtures, newCustomer, tile, uploadAll, uploadFiles } from '../support/photo-library';

test.describe('my photos', () => {
  // Stories of real uploads and two browsers: about a minute each on a quiet 2-core machine.
  test.describe.configure({ timeout: 120_000 });
  test.skip(!existsSync(fixtures), 'the shared photo fixtures are not on this machine');

  test('uploads real camera and phone files: upright, in the right month, broken ones named', async ({
    browser,
  }) => {
    const page = await newCustomer(browser);
    await expectNoAxeViolations(page);
    const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const dialog = await uploadFiles(page, [
      path.join(fixtures, 'orientation/landscape_6.jpg'),
      path.join(fixtures, 'heic/iphone_13_pro_max.HEIC'),
      path.join(fixtures, 'camera/Canon_40D.jpg'),
      path.join(fixtures, 'camera/Nikon_D70.jpg'),
      path.join(fixtures, 'broken/not-an-image.jpg'),
      path.join(fixtures, 'broken/corrupted.jpg'),
      { name: 'made-in-test.png', mimeType: 'image/png', buffer: png },
    ]);
    await expect(dialog.getByText('not-an-image.jpg is not a JPEG, PNG or HEIC photo.')).toBeVisible();
    await expect(dialog.getByText('corrupted.jpg is damaged and cannot be read.')).toBeVisible({
      timeout: 30_000,
    });
    await expect(dialog.getByText('Added', { exact: true })).toHaveCount(5, { timeout: 30_000 });
    await expect(dialog.getByRole('status')).toHaveText('5 photos added, 2 failed');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The toast says where the photos went and jumps there (decision 145).
    const notifications = page.getByRole('region', { name: 'Notifications' });
    await expect(notifications).toContainText('5 photos added to 4 months');
    await notifications.getByRole('link', { name: 'Show Unknown Date' }).click();
    await expect(page.getByRole('heading', { name: /^Unknown Date/ })).toBeInViewport();
    await expect(tile(page, 'landscape_6.jpg')).toBeInViewport();
    await expect(page).not.toHaveURL(/month=/);

    await expect(page.getByRole('heading', { name: /February 2022/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: /May 2008/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: /March 2008/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Unknown Date/ })).toBeVisible();
    await expect(tile(page, 'Canon_40D.jpg')).toHaveAttribute('title', 'Taken on 30 May 2008');
    await expect(tile(page, 'iphone_13_pro_max.HEIC')).toHaveAttribute('title', 'Taken on 16 February 2022');
    await expect(tile(page, 'landscape_6.jpg')).not.toHaveAttribute('title', /.+/);

    // Upright: the orientation-6 landscape shows wider than tall, the phone's portrait taller than wide.
    const natural = (fileName: string) =>
      tile(page, fileName)
        .locator('img')
        .evaluate(async (img: HTMLImageElement) => {
          await img.decode();
          return { width: img.naturalWidth, height: img.naturalHeight };
        });
    // Under the shop's content policy the thumbnail worker runs: tiles show object URLs it made
    // (decision 007), not the photos' own URLs.
    await expect(tile(page, 'landscape_6.jpg').locator('img')).toHaveAttribute('src', /^blob:/);
    const landscape = await natural('landscape_6.jpg');
    expect(landscape.width).toBeGreaterThan(landscape.height);
    const portrait = await natural('iphone_13_pro_max.HEIC');
    expect(portrait.height).toBeGreaterThan(portrait.width);
    await page.context().close();
  });

  test('selects across two months and deletes, then deletes everything with the typed word', async ({
    browser,
  }) => {
    const page = await newCustomer(browser);
    await uploadAll(page, [
      path.join(fixtures, 'camera/Canon_40D.jpg'),
      path.join(fixtures, 'camera/Nikon_D70.jpg'),
      path.join(fixtures, 'camera/Kodak_CX7530.jpg'),
    ]);
    await expect(page.getByRole('heading', { name: /August 2005/ })).toBeVisible();

    await page.getByRole('button', { name: 'Select', exact: true }).click();
    await page.getByRole('button', { name: /^Select Canon_40D\.jpg/ }).click();
    await page.getByRole('button', { name: /^Select Nikon_D70\.jpg/ }).click();
    await expect(page.getByText('2 selected')).toBeVisible();
    await page.getByRole('toolbar').getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete 2 photos?' });
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Delete 2 photos' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('heading', { name: /May 2008/ })).toBeHidden();
    await expect(page.getByRole('heading', { name: /March 2008/ })).toBeHidden();
    await expect(page.getByRole('heading', { name: /August 2005/ })).toBeVisible();
    await expect(page.getByText('0 selected')).toBeHidden();

    // Not in the toolbar beside everyday actions: in its own part at the end of the page.
    const dangerZone = page.getByRole('region', { name: 'Delete your library' });
    await expect(page.locator('.photo-grid-page__toolbar').getByText('Delete all photos')).toHaveCount(0);
    await dangerZone.getByRole('button', { name: 'Delete all photos' }).click();
    const deleteAll = page.getByRole('dialog', { name: 'Delete all photos' });
    await deleteAll.getByLabel('Type DELETE to confirm').fill('delete');
    await expect(deleteAll.getByText('Please type DELETE exactly as shown')).toBeHidden();
    await deleteAll.getByRole('button', { name: 'Delete all photos' }).click();
    await expect(deleteAll.getByText('Please type DELETE exactly as shown')).toBeVisible();
    await expectNoAxeViolations(page);
    await deleteAll.getByLabel('Type DELETE to confirm').fill('DELETE');
    await deleteAll.getByRole('button', { name: 'Delete all photos' }).click();
    await expect(page.getByText('Your photo library is empty')).toBeVisible({ timeout: 20_000 });
    await page.reload();
    await expect(page.getByText('Your photo library is empty')).toBeVisible({ timeout: 20_000 });
    await page.context().close();
  });

  test('finishes an upload whose connection broke mid-way', async ({ browser }) => {
    const page = await newCustomer(browser);
    let broken = false;
    await page.route('**/api/upload/files/*', async (route) => {
      if (route.request().method() === 'PATCH' && !broken) {
        broken = true;
        await route.abort('connectionreset');
        return;
      }
      await route.continue();
    });
    const dialog = await uploadFiles(page, [path.join(fixtures, 'gps/DSCN0010.jpg')]);
    await expect(dialog.getByText('Added', { exact: true })).toHaveCount(1, { timeout: 30_000 });
    expect(broken).toBe(true);
    await page.context().close();
  });

  test('a second customer cannot load the first one’s photos, by URL or by id', async ({ browser }) => {
    const owner = await newCustomer(browser);
    await uploadAll(owner, [path.join(fixtures, 'camera/Canon_40D.jpg')]);
    const imageId = await tile(owner, 'Canon_40D.jpg').getAttribute('data-image-id');
    // The tile shows an object URL made from the thumbnail; the photo's own URLs come from the API.
    const thumbnail = await owner.evaluate(
      async (id) =>
        ((await (await fetch(`/api/photos/photos/${id}`)).json()) as { thumbnails: Array<{ url: string }> })
          .thumbnails[0]!.url,
      imageId,
    );
    expect(await owner.evaluate(async (url) => (await fetch(url)).status, thumbnail)).toBe(200);

    const stranger = await newCustomer(browser);
    expect(await stranger.evaluate(async (url) => (await fetch(url)).status, thumbnail)).toBe(404);
    expect(
      await stranger.evaluate(async (id) => (await fetch(`/api/photos/photos/${id}`)).status, imageId),
    ).toBe(404);
    await owner.context().close();
    await stranger.context().close();
  });

  test('previews photos full screen: keys, swipe, delete moves to the neighbour, Escape returns to the grid', async ({
    browser,
  }) => {
    const page = await newCustomer(browser);
    await uploadAll(page, [
      path.join(fixtures, 'camera/Canon_40D.jpg'),
      path.join(fixtures, 'camera/Nikon_D70.jpg'),
      path.join(fixtures, 'camera/Olympus_C8080WZ.jpg'),
    ]);

    // Newest first: Canon (May 2008), Nikon (March 2008), Olympus (October 2006).
    await tile(page, 'Canon_40D.jpg').click();
    await expect(page).toHaveURL(/\/my-photos\/photos\/preview\//);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Photo preview: Canon_40D.jpg' }),
    ).toBeAttached();
    await expectNoAxeViolations(page);
    await page.keyboard.press('ArrowRight');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Photo preview: Nikon_D70.jpg' }),
    ).toBeAttached();
    await page.keyboard.press('ArrowLeft');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Photo preview: Canon_40D.jpg' }),
    ).toBeAttached();

    // A swipe to the left past 35% of the width shows the next photo.
    const photo = page.getByRole('img', { name: /^Photo Canon_40D\.jpg/ });
    const box = (await photo.boundingBox())!;
    const viewport = page.viewportSize()!;
    await page.mouse.move(viewport.width * 0.8, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(viewport.width * 0.3, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Photo preview: Nikon_D70.jpg' }),
    ).toBeAttached();

    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this photo?' });
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Delete photo' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Photo preview: Olympus_C8080WZ.jpg' }),
    ).toBeAttached();

    await page.keyboard.press('Escape');
    await expect(page.getByRole('heading', { level: 1, name: 'My photos' })).toBeVisible();
    await expect(tile(page, 'Nikon_D70.jpg')).toHaveCount(0);
    await expect(tile(page, 'Olympus_C8080WZ.jpg')).toBeVisible();
    await page.context().close();
  });
});
