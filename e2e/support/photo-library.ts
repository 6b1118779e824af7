import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Browser, type Download, type Locator, type Page } from '@playwright/test';
import yauzl from 'yauzl';
import { linkIn, waitForMail } from './mailbox';
import { unitedKingdom } from './storefronts';
import { uniqueEmail } from './unique-name';

/** The shared real photo fixtures (outside the repository; tests skip where they are absent). */
export const fixtures = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../shared/fixtures/photos',
);
export const shop = unitedKingdom.origin;

/** A fresh e-mail address for a customer registered by a test. */
export const newEmail = (label = 'photos') => uniqueEmail(label);

/**
 * A new customer, registered through the real 'Create an account' page and the link mailed to them,
 * lands in 'My photos' (or on `path`, after registering there).
 */
export async function newCustomer(
  browser: Browser,
  options: { email?: string; path?: string; waitForLibrary?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const email = options.email ?? newEmail();
  await page.goto(`${shop}${options.path ?? '/my-photos/photos'}`);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByLabel('First name').fill('Photo');
  await page.getByLabel('Last name').fill('Tester');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill('a-long-password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeVisible();
  const mail = await waitForMail(unitedKingdom, { to: email, template: 'registration.confirm' });
  await page.goto(linkIn(mail, '/oidc/confirm-account/'));
  await page.getByRole('button', { name: 'Create my account' }).click();
  if (options.waitForLibrary ?? true) {
    await expect(page.getByRole('heading', { level: 1, name: 'My photos' })).toBeVisible();
    await expect(page.getByText('Your photo library is empty')).toBeVisible({ timeout: 20_000 });
  }
  return page;
}

export type UploadFile = string | { name: string; mimeType: string; buffer: Buffer };

/** Chooses files in the open upload modal and sends them. */
export async function sendFiles(dialog: Locator, files: UploadFile[]) {
  // Playwright takes paths or buffers per call, not both: read the paths as a browser's picker would.
  const payloads = files.map((file) =>
    typeof file === 'string'
      ? { name: path.basename(file), mimeType: 'application/octet-stream', buffer: readFileSync(file) }
      : file,
  );
  await dialog.locator('input[type=file]').setInputFiles(payloads);
  await dialog.getByRole('button', { name: /^Upload \d+ photos?$/ }).click();
}

export async function uploadFiles(page: Page, files: UploadFile[]) {
  await page.getByRole('button', { name: 'Add photos' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add photos' });
  await sendFiles(dialog, files);
  return dialog;
}

/** Waits until every file of the open upload modal is added, and closes it. */
export async function finishUploads(dialog: Locator, count: number) {
  // A second a file on top: a hundred uploads beside the other worker's stories take more than a minute.
  await expect(dialog.getByText('Added', { exact: true })).toHaveCount(count, {
    timeout: 30_000 + count * 1_000,
  });
  await dialog.getByRole('button', { name: 'Close' }).click();
}

/** Uploads files that must all succeed, and closes the modal once every one is added. */
export async function uploadAll(page: Page, files: UploadFile[]) {
  await finishUploads(await uploadFiles(page, files), files.length);
}

export function tile(page: Page | Locator, fileName: string, action = 'Open') {
  return page.getByRole('button', { name: new RegExp(`^${action} ${fileName.replace('.', '\\.')}`) });
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Every entry of a downloaded ZIP with its SHA-256, read by an independent unzip library. */
async function zipHashes(file: string): Promise<Record<string, string>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true }, (error, opened) => (error ? reject(error) : resolve(opened))),
  );
  const hashes: Record<string, string> = {};
  await new Promise<void>((resolve, reject) => {
    zip.on('end', resolve).on('error', reject);
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const hash = createHash('sha256');
        stream.on('data', (chunk: Buffer) => hash.update(chunk));
        stream.on('end', () => {
          hashes[entry.fileName] = hash.digest('hex');
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
  return hashes;
}

/** The entries of a ZIP the browser downloaded, with their SHA-256. */
export async function savedHashes(download: Download): Promise<Record<string, string>> {
  const file = await download.path();
  return zipHashes(file);
}
