import type { Page } from '@playwright/test';
import { expectNoAxeViolations, expectReflowAt320 } from '../support/accessibility';
import { pageHeading } from '../support/account-area';
import { expect, test } from '../support/fixtures';
import { linkIn, waitForMail } from '../support/mailbox';
import { netherlands, unitedKingdom } from '../support/storefronts';
import { appTexts, fill, signInTexts } from '../support/texts';
import { newThrowawayCustomer } from '../support/throwaway-customer';

const t = appTexts(unitedKingdom);

/** Picks a country, then fills the fields it asks for, by their labels. */
async function fillAddress(
  page: Page,
  country: string,
  fields: Array<[label: string | RegExp, value: string]>,
) {
  await page.getByLabel(t('address.country')).selectOption(country);
  for (const [label, value] of fields) {
    const field = page.getByLabel(label, { exact: typeof label === 'string' });
    if ((await field.evaluate((element) => element.tagName)) === 'SELECT') await field.selectOption(value);
    else await field.fill(value);
  }
}

test('a customer keeps her details and keeps addresses in three countries, told what is wrong in each field', async ({
  browser,
}) => {
  const { page, context } = await newThrowawayCustomer(browser, unitedKingdom, '/settings');
  await expect(pageHeading(page, unitedKingdom, 'title.settings')).toBeVisible();
  await expectNoAxeViolations(page);
  await expectReflowAt320(page);

  // Personal details: saved, shown, and still there after a reload.
  await page.getByRole('link', { name: t('title.personalDetails') }).click();
  await page.getByLabel(t('details.salutation'), { exact: false }).selectOption('ms');
  await page.getByLabel(t('address.lastName')).fill('Tempest');
  await page.getByLabel(new RegExp(`^${t('address.phone')}`)).fill('07911 123456');
  await page.getByRole('button', { name: t('details.save') }).click();
  await expect(page).toHaveURL(unitedKingdom.url('/settings'));
  await page.reload();
  await expect(page.getByText('+44 7911 123456')).toBeVisible();
  await expect(page.getByText('Tess Tempest')).toBeVisible();

  // Germany: the four messages of docs/product/validation.md, each under its field, and nothing saved.
  await page.getByRole('link', { name: t('settings.addresses.add') }).click();
  await fillAddress(page, 'DE', [
    [t('address.street'), '12345'],
    [t('address.houseNumber'), 'abc'],
    [t('address.postcode'), '1234'],
    [t('address.city'), 'Berlin'],
    [new RegExp(`^${t('address.phone')}`), '12'],
  ]);
  await page.getByRole('button', { name: t('settings.addresses.save') }).click();
  for (const key of [
    'address.error.street',
    'address.error.houseNumber',
    'address.error.postcode',
    'address.error.phone',
  ]) {
    await expect(page.getByText(t(key))).toBeVisible();
  }
  await expect(page.getByLabel(t('address.street'))).toBeFocused();
  await expectNoAxeViolations(page);
  await expectReflowAt320(page);
  await fillAddress(page, 'DE', [
    [t('address.street'), 'Unter den Linden'],
    [t('address.houseNumber'), '5a'],
    [t('address.postcode'), '10117'],
    [new RegExp(`^${t('address.phone')}`), '030 123456'],
  ]);
  await page.getByRole('button', { name: t('settings.addresses.save') }).click();
  await expect(page).toHaveURL(unitedKingdom.url('/settings/addresses/all'));
  await expect(page.getByText('Unter den Linden 5a')).toBeVisible();

  // Italy: a province from the list; a Roman postcode for Milan is refused.
  await page.getByRole('link', { name: t('settings.addresses.add') }).click();
  await fillAddress(page, 'IT', [
    [t('address.street'), 'Via Appia'],
    [t('address.houseNumber'), '10'],
    [t('address.postcode'), '00184'],
    [t('address.city'), 'Roma'],
    [t('address.province'), 'MI'],
  ]);
  await page.getByRole('button', { name: t('settings.addresses.save') }).click();
  await expect(page.getByText(t('address.error.postcode'))).toBeVisible();
  await page.getByLabel(t('address.province')).selectOption('RM');
  await page.getByLabel(t('settings.addresses.makeDefaultDelivery')).check();
  await page.getByRole('button', { name: t('settings.addresses.save') }).click();
  const rome = page.getByRole('listitem').filter({ hasText: 'Via Appia 10' });
  await expect(rome).toContainText(t('settings.addresses.defaultDelivery'));

  // Ireland: the Italian address edited into an Irish townland without a house number (an Eircode, a
  // county), then the German one deleted.
  await rome.getByRole('link', { name: t('settings.addresses.edit') }).click();
  await fillAddress(page, 'IE', [
    [t('address.street'), 'Ballymore'],
    [new RegExp(t('address.houseNumber')), ''],
    [new RegExp(t('address.eircode')), 'n91x2v6'],
    [t('address.city'), 'Mullingar'],
    [new RegExp(t('address.county')), 'Co. Westmeath'],
  ]);
  await page.getByRole('button', { name: t('settings.addresses.save') }).click();
  const townland = page.getByRole('listitem').filter({ hasText: 'Ballymore' });
  await expect(townland).toContainText('N91 X2V6');
  await page
    .getByRole('listitem')
    .filter({ hasText: 'Unter den Linden 5a' })
    .getByRole('button', { name: t('settings.addresses.delete') })
    .click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: t('settings.addresses.deleteConfirm') })
    .click();
  await expect(page.getByText('Unter den Linden 5a')).toHaveCount(0);
  await expect(townland).toBeVisible();
  await context.close();
});

test('a customer subscribes to the newsletter through the link mailed to her', async ({ browser }) => {
  const { page, context, account } = await newThrowawayCustomer(browser, unitedKingdom, '/settings');
  await page.getByRole('button', { name: t('settings.newsletter.subscribe') }).click();
  await expect(page.getByText(t('settings.newsletter.pending'))).toBeVisible();

  const mail = await waitForMail(unitedKingdom, { to: account.email, template: 'newsletter.confirm' });
  // The confirmation page is public: it works in a browser that is not signed in.
  const elsewhere = await browser.newContext();
  const phone = await elsewhere.newPage();
  await phone.goto(linkIn(mail, '/subscription-confirmation'));
  await expect(pageHeading(phone, unitedKingdom, 'subscriptionConfirmation.title')).toBeVisible();
  await expectNoAxeViolations(phone);
  await phone.getByRole('button', { name: t('subscriptionConfirmation.confirm') }).click();
  await expect(pageHeading(phone, unitedKingdom, 'subscriptionSuccess.title')).toBeVisible();
  await expect(phone.getByText(t('subscriptionSuccess.message'))).toBeVisible();

  await page.reload();
  await expect(page.getByText(t('settings.newsletter.subscribed'))).toBeVisible();
  await page.getByRole('button', { name: t('settings.newsletter.unsubscribe') }).click();
  await expect(page.getByRole('button', { name: t('settings.newsletter.subscribe') })).toBeVisible();
  await elsewhere.close();
  await context.close();
});

test('a customer in the Netherlands prefers iDEAL, then saves a card on the provider page without being charged', async ({
  browser,
}) => {
  const nl = appTexts(netherlands);
  const { page, context } = await newThrowawayCustomer(browser, netherlands, '/settings');
  await page.getByRole('link', { name: nl('title.paymentMethod') }).click();
  await expect(pageHeading(page, netherlands, 'title.paymentMethod')).toBeVisible();
  await page.getByRole('radio', { name: nl('paymentMethod.method.ideal') }).check();
  await page.getByRole('button', { name: nl('paymentMethod.save') }).click();
  await expect(page.getByRole('status').filter({ hasText: nl('paymentMethod.saved') })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('radio', { name: nl('paymentMethod.method.ideal') })).toBeChecked();
  await expect(
    page.getByText(fill(nl('paymentMethod.current'), { method: nl('paymentMethod.method.ideal') })),
  ).toBeVisible();
  // A euro storefront offers SEPA direct debit.
  await expect(page.getByRole('radio', { name: nl('paymentMethod.method.sepaDirectDebit') })).toBeVisible();
  await expectNoAxeViolations(page);

  // A card is saved on the provider's page: nothing is charged, and it is kept once the provider says so.
  const provider = signInTexts(netherlands);
  await page.getByRole('radio', { name: nl('paymentMethod.method.card') }).check();
  await page.getByRole('button', { name: nl('paymentMethod.save') }).click();
  await expect(page.getByText(provider('testPayment.noCharge'))).toBeVisible();
  await page.getByRole('button', { name: provider('testPayment.pay'), exact: true }).click();
  await expect(page).toHaveURL(netherlands.url('/settings/payment-method'));
  await page.reload();
  await expect(page.getByRole('radio', { name: nl('paymentMethod.method.card') })).toBeChecked();
  await context.close();
});

test('a customer in the United Kingdom sees no current method yet and is never offered SEPA direct debit', async ({
  browser,
}) => {
  const { page, context } = await newThrowawayCustomer(browser, unitedKingdom, '/settings/payment-method');
  await expect(pageHeading(page, unitedKingdom, 'title.paymentMethod')).toBeVisible();
  await expect(page.getByText(t('paymentMethod.currentNone'))).toBeVisible();
  await expect(page.getByRole('radio', { name: t('paymentMethod.method.card') })).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText('SEPA');
  await expectNoAxeViolations(page);
  await context.close();
});

test('a new business completes its company details in its settings, and the missing-details banner goes for good', async ({
  browser,
}) => {
  const { page, context } = await newThrowawayCustomer(browser, unitedKingdom, '/', { business: true });
  const missingDetails = page.getByRole('status').filter({ hasText: t('banner.missingDetails') });
  await expect(missingDetails).toBeVisible();
  await missingDetails.getByRole('link', { name: t('banner.missingDetailsAction') }).click();
  await expect(pageHeading(page, unitedKingdom, 'title.settings')).toBeVisible();
  await page.getByRole('link', { name: t('title.personalDetails') }).click();
  await expect(page.getByRole('heading', { name: t('details.companyHeading') })).toBeVisible();

  // A VAT number whose check digits do not add up is refused, and the account stays New.
  await page.getByLabel(t('details.companyName')).fill('Temp Prints Ltd');
  await page.getByLabel(t('details.vatId')).fill('NL123456789B01');
  await page.getByRole('button', { name: t('details.save') }).click();
  await expect(page.getByText(t('details.error.vatId'))).toBeVisible();
  await expect(missingDetails).toBeVisible();

  // Complete (decision 102): company name, a valid VAT number and the chamber of commerce number.
  await page.getByLabel(t('details.vatId')).fill('NL004495445B01');
  await page.getByLabel(t('details.chamberOfCommerceNumber')).fill('12345678');
  await page.getByRole('button', { name: t('details.save') }).click();
  await expect(page).toHaveURL(unitedKingdom.url('/settings/b2b'));
  await expect(missingDetails).toHaveCount(0);

  await page.reload();
  await expect(page.getByText('Temp Prints Ltd')).toBeVisible();
  await expect(page.getByText(t('banner.missingDetails'))).toHaveCount(0);
  await expect(page.getByText(t('banner.pendingValidation'))).toHaveCount(0);
  await context.close();
});
