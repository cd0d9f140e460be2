import { formatMoney } from '../../../contracts/shared/money-format';
import type { Currency } from '../../../contracts/shared/restaurants';
import type { DeliveryCheck } from '../../../contracts/storefront';
import type { DeliveryAnswer } from '../../services/storefront/delivery-check';

type Store = { slug: string; currency: Currency; pickup_available: boolean };

const minutes = (from: number, to: number) => (from === to ? `${from} min` : `${from}\u2013${to} min`);

/** "We deliver to 10001: fee $3.00, minimum $15.00, free over $40.00, 30–45 min." or the refusal with pickup. */
export function deliverySentence(check: DeliveryCheck, store: Store): string {
  if (!check.delivers) return `Sorry, we don\u2019t deliver to ${check.zip} yet.${store.pickup_available ? ' Pickup is available.' : ''}`;
  const money = (amount: number) => formatMoney(amount, store.currency);
  const terms = [
    check.fee > 0 ? `fee ${money(check.fee)}` : 'no delivery fee',
    ...(check.min_order !== null ? [`minimum ${money(check.min_order)}`] : []),
    ...(check.free_over !== null ? [`free over ${money(check.free_over)}`] : []),
    minutes(check.eta_from, check.eta_to),
  ];
  return `We deliver to ${check.zip}: ${terms.join(', ')}.`;
}

/**
 * Takes over the "Do you deliver to my zip?" form (hidden in the page until now): the answer is
 * said in its status region (`role="status"`, read out politely); a zip the server refuses shows
 * the server's sentence under the field, tied to it with aria-describedby and aria-invalid.
 */
export function enhanceZipCheck(form: HTMLFormElement, store: Store, check: (slug: string, zip: string) => Promise<DeliveryAnswer>): void {
  const input = form.querySelector<HTMLInputElement>('input[name="zip"]')!;
  const error = form.querySelector<HTMLElement>('.field-error')!;
  const result = form.querySelector<HTMLElement>('[role="status"]')!;
  const showError = (message: string | null) => {
    error.textContent = message ?? '';
    error.hidden = message === null;
    if (message === null) {
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
    } else {
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-describedby', error.id);
    }
  };
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    showError(null);
    result.textContent = 'Checking\u2026';
    const answer = await check(store.slug, input.value.trim());
    result.textContent =
      answer.kind === 'checked' ? deliverySentence(answer.check, store) : answer.kind === 'failed' ? 'We couldn\u2019t check just now. Please try again.' : '';
    if (answer.kind === 'refused') {
      showError(answer.message);
      input.focus();
    }
  });
  for (const note of document.querySelectorAll('[data-without-script]')) note.remove();
  form.hidden = false;
}
