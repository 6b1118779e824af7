import { expect, test } from '@playwright/test';
import { E2E_PORT } from '../playwright.config';

test('a host name no storefront serves gets a clear page, not the account area', async ({ page }) => {
  const response = await page.goto(`http://unknown.localhost:${E2E_PORT}/`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Shop not found' })).toBeVisible();
});
