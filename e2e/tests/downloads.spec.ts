import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNoAxeViolations } from '../support/accessibility';
import {
  fixtures,
  newCustomer,
  savedHashes,
  sha256,
  uploadAll,
  type UploadFile,
} from '../support/photo-library';

const canon = path.join(fixtures, 'camera/Canon_40D.jpg');
const nikon = path.join(fixtures, 'camera/Nikon_D70.jpg');
const kodak = path.join(fixtures, 'camera/Kodak_CX7530.jpg');

async function startSelecting(page: Page) {
  await page.getByRole('button', { name: 'Select', exact: true }).click();
}

test.describe('photo archives', () => {
  test.skip(!existsSync(fixtures), 'the shared photo fixtures are not on this machine');

  test('downloads photos of two months as a ZIP of the originals, pushed when ready, and again from Downloads', async ({
    browser,
  }) => {
    const page = await newCustomer(browser);
    await uploadAll(page, [canon, nikon, kodak]);
    await expect(page.getByRole('heading', { name: /March 2008/ })).toBeVisible();

    await startSelecting(page);
    await page.getByRole('button', { name: /^Select Canon_40D\.jpg/ }).click();
    await page.getByRole('button', { name: /^Select Nikon_D70\.jpg/ }).click();
    await expect(page.getByText('2 selected')).toBeVisible();
    await page.getByRole('toolbar').getByRole('button', { name: 'Download' }).click();
    const dialog = page.getByRole('dialog', { name: 'Download 2 photos' });
    await expectNoAxeViolations(page);

    const downloading = page.waitForEvent('download', { timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Download' }).click();
    const toasts = page.getByRole('region', { name: 'Notifications' });
    await expect(toasts).toContainText('Preparing download…');
    await expect(page.getByText('2 selected')).toBeHidden();
    await expectNoAxeViolations(page);

    // The pushed 'finished' starts the download by itself, named for a person: what and which day.
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^Photos \d{4}-\d{2}-\d{2}\.zip$/);
    await expect(toasts).toContainText('Downloading photos');
    const expected = {
      '2008-05-30 15.56.01.jpg': sha256(readFileSync(canon)),
      '2008-03-15 09.52.01.jpg': sha256(readFileSync(nikon)),
    };
    expect(await savedHashes(download)).toEqual(expected);

    await page.getByRole('link', { name: 'Your downloads' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Downloads' })).toBeVisible();
    const item = page.getByRole('list', { name: 'Downloads' }).getByRole('listitem');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('Ready');
    await expect(item).toContainText('2');
    await expectNoAxeViolations(page);

    const again = page.waitForEvent('download');
    await item.getByRole('button', { name: 'Download' }).click();
    const second = await again;
    expect(second.suggestedFilename()).toBe(download.suggestedFilename());
    expect(await savedHashes(second)).toEqual(expected);

    // At 320 px the page reflows into one column without sideways scrolling.
    await page.setViewportSize({ width: 320, height: 700 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await page.context().close();
  });

  test('finishes the download after the customer has moved to another page', async ({ browser }) => {
    const page = await newCustomer(browser);
    await uploadAll(page, [canon, kodak]);
    await startSelecting(page);
    await page.getByRole('button', { name: /^Select Canon_40D\.jpg/ }).click();
    await page.getByRole('button', { name: /^Select Kodak_CX7530\.jpg/ }).click();
    await page.getByRole('toolbar').getByRole('button', { name: 'Download' }).click();
    const downloading = page.waitForEvent('download', { timeout: 30_000 });
    await page
      .getByRole('dialog', { name: 'Download 2 photos' })
      .getByRole('button', { name: 'Download' })
      .click();
    await page.getByRole('link', { name: 'Your downloads' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Downloads' })).toBeVisible();
    const download = await downloading;
    expect(Object.keys(await savedHashes(download))).toHaveLength(2);
    await page.context().close();
  });

  test('the 101st selected photo disables Download with the tooltip', async ({ browser }) => {
    test.setTimeout(240_000);
    const page = await newCustomer(browser);
    const small = async (seed: number, date: string): Promise<UploadFile> => ({
      name: `small-${seed}.jpg`,
      mimeType: 'image/jpeg',
      buffer: await sharp({
        create: {
          width: 24,
          height: 16,
          channels: 3,
          background: { r: seed % 256, g: (seed * 7) % 256, b: 90 },
        },
      })
        .jpeg()
        .withExif({ IFD2: { DateTimeOriginal: date } })
        .toBuffer(),
    });
    const files = await Promise.all([
      ...Array.from({ length: 100 }, (_, index) => small(index + 1, '2021:06:01 12:00:00')),
      small(1000, '2020:01:01 12:00:00'),
    ]);
    await uploadAll(page, files);

    // Photos are processed after they are added: the customer selects June once all 100 are shown.
    const june = page.getByRole('region', { name: 'June 2021' });
    await expect(june.getByRole('heading', { level: 2 })).toContainText('100 photos', { timeout: 120_000 });
    await startSelecting(page);
    await june.getByRole('button', { name: 'Select month' }).click();
    await expect(page.getByText('100 selected')).toBeVisible();
    const download = page.getByRole('toolbar').getByRole('button', { name: 'Download' });
    await expect(download).toBeEnabled();
    await page.getByRole('button', { name: /^Select small-1000\.jpg/ }).click();
    await expect(page.getByText('101 selected')).toBeVisible();
    await expect(download).toBeDisabled();
    await expect(download).toHaveAccessibleDescription('Up to 100 photos can be downloaded at a time');
    await expect(page.locator('[title="Up to 100 photos can be downloaded at a time"]')).toBeVisible();
    await page.context().close();
  });
});
