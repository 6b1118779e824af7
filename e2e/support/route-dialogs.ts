import type { Locator, Page } from '@playwright/test';
import type { Texts } from './texts';

/**
 * A dialog a page can open: the control that starts the way in, and any further steps to the dialog.
 * When the page does not offer the control (an empty library has nothing to select), the sweep notes
 * that the dialog is not for this customer.
 */
export interface RouteDialog {
  name: string;
  opener(page: Page, t: Texts): Locator;
  then?(page: Page, t: Texts): Promise<void>;
}

/**
 * The dialogs of each page of the route table, keyed by its path: the sweep checks each one open,
 * in every language and at every width it checks the page.
 */
export const routeDialogs: Record<string, RouteDialog[]> = {
  'my-photos/photos': [
    {
      name: 'upload',
      opener: (page, t) => page.getByRole('button', { name: t('photos.addPhotos'), exact: true }),
    },
    {
      name: 'delete all photos',
      opener: (page, t) => page.getByRole('button', { name: t('photos.deleteAll.open'), exact: true }),
    },
    {
      name: 'delete selected photos',
      opener: (page, t) => page.getByRole('button', { name: t('photos.select'), exact: true }),
      async then(page, t) {
        await page.locator('.timeline__tile[aria-pressed="false"]').first().click();
        await page
          .getByRole('toolbar')
          .getByRole('button', { name: t('photos.delete'), exact: true })
          .click();
      },
    },
  ],
  settings: [
    {
      name: 'delete my account',
      opener: (page, t) => page.getByRole('button', { name: t('settings.delete.open'), exact: true }),
    },
  ],
  'settings/b2b': [
    {
      name: 'delete my account',
      opener: (page, t) => page.getByRole('button', { name: t('settings.delete.open'), exact: true }),
    },
  ],
};
