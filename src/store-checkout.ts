/**
 * The store page's checkout (issue 42): kept out of the page's first script and fetched once the
 * cart holds something (src/views/ordering/store-ordering.tsx), so a visitor who only browses
 * never downloads, parses or runs it. A composition root like src/store-page.tsx: it hands the
 * ordering area's checkout the storefront area's delivery check.
 */
import { fromPromise } from 'xstate';
import { checkoutMachine, formToKeep } from './machines/ordering/checkout.machine';
import { checkDelivery } from './services/storefront/delivery-check';
import { CheckoutDialog } from './views/ordering/checkout.view';
import type { CheckoutParts } from './views/ordering/store-ordering';

export const checkoutParts: CheckoutParts = {
  machine: checkoutMachine.provide({ actors: { checkZip: fromPromise(({ input }) => checkDelivery(input.slug, input.zip)) } }),
  Dialog: CheckoutDialog,
  formToKeep,
};
