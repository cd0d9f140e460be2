/**
 * A customer on the store page, as the browser tests drive one (issues 30, 42, 43): an item's
 * dialog filled and added, and the checkout's steps walked up to the review.
 */
import type { Page } from 'playwright-core';

export const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

/** From the store page: an item's dialog, its choices (a size, a crust…), `quantity`, then Add to order. */
export async function addToOrder(page: Page, item: string, choices: string[], quantity: number) {
  await button(page, `Details: ${item}`).click();
  const dialog = page.getByRole('dialog', { name: item });
  await dialog.waitFor();
  for (const choice of choices) await dialog.getByRole('radio', { name: new RegExp(`^${choice}`) }).check();
  await dialog.getByLabel('Quantity').fill(String(quantity));
  await dialog.getByRole('button', { name: 'Add to order' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** The id of the element that has the focus. */
export const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

/** Cart → Check out → the steps up to the review, each step's heading taking the focus; `later`: the last time offered instead of as soon as possible. */
export async function checkOut(page: Page, fulfilment: 'Pickup' | 'Delivery', { notes = '', later = false } = {}) {
  await page.getByRole('button', { name: /^Your order · / }).click();
  await button(page, 'Check out').click();
  const checkout = page.getByRole('dialog', { name: 'How would you like your order?' });
  await checkout.waitFor();
  await checkout.getByRole('radio', { name: new RegExp(`^${fulfilment}`) }).check();
  await button(page, 'Continue').click();
  if (fulfilment === 'Delivery') {
    await page.getByRole('heading', { name: 'Delivery address' }).waitFor();
    await page.getByLabel('Street and number').fill('233 S Wacker Dr');
    await page.getByLabel('City').fill('Chicago');
    await page.getByLabel('Zip or postal code').fill('60606');
    if (notes) await page.getByLabel(/^Flat, floor/).fill(notes);
    await button(page, 'Continue').click();
  }
  await page.getByRole('heading', { name: 'When?' }).waitFor();
  const when = page.getByLabel(fulfilment === 'Pickup' ? 'When will you pick it up?' : 'When should we deliver?');
  if (later) await when.selectOption({ index: (await when.locator('option').count()) - 1 });
  else await when.selectOption({ label: 'As soon as possible' });
  await button(page, 'Continue').click();
  await page.getByRole('heading', { name: 'Your details' }).waitFor();
  await page.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
  await page.getByLabel('Phone', { exact: true }).fill('(312) 555-0199');
  await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
  if (notes) await page.getByLabel(/^Note for the restaurant/).fill('Extra napkins');
  await button(page, 'Review your order').click();
  await page.getByRole('heading', { name: 'Review your order' }).waitFor();
}
