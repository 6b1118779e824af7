import { privateCustomer } from '../support/accounts';
import { expectNoAxeViolations, expectReflowAt320 } from '../support/accessibility';
import { expect, test } from '../support/fixtures';
import { unitedKingdom } from '../support/storefronts';

test.describe('saved projects', () => {
  test('the demo customer pages through their projects, opens one in the editor and deletes one', async ({
    openSignedIn,
  }) => {
    const page = await openSignedIn(privateCustomer, unitedKingdom, '/saved-projects');
    const list = page.getByRole('list', { name: 'My saved projects' });
    await expect(list.getByRole('listitem')).toHaveCount(10);
    await expect(page.getByText('Page 1 of 2')).toBeVisible();
    const first = list.getByRole('listitem').first();
    await expect(first.locator('img')).toHaveJSProperty('complete', true);
    expect(await first.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(600);
    const projectName = await first.getByRole('heading').textContent();
    await expect(first.getByRole('link', { name: 'Open' })).toHaveAttribute(
      'href',
      /^https:\/\/www\.photoshop\.co\.uk\/editor\?projectId=[0-9a-f-]{36}$/,
    );
    await expectNoAxeViolations(page);
    await expectReflowAt320(page);

    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page.getByText('Page 2 of 2')).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(3);
    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect(page.getByText('Page 1 of 2')).toBeVisible();

    await first.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this project?' });
    await expect(dialog).toContainText(`“${projectName}” will be deleted.`);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog).toBeHidden();
    await expect(list.getByRole('heading', { name: projectName! })).toBeHidden();
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(list.getByRole('listitem')).toHaveCount(2);
  });
});
