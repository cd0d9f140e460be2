import type { CheckoutSession } from './ledger';
import { formatAmount } from './money';

/**
 * The double's stand-in for Stripe's hosted Checkout page: plain HTML a person (or Chromium) can
 * use by keyboard. Pay submits the chosen test card; Cancel goes back to the shop.
 */

const escape = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title></head>
<body><main>${body}</main></body>
</html>`;
}

export function hostedPage(session: CheckoutSession, productName: string, declined = false): string {
  const amount = formatAmount(session.amount_total, session.currency);
  if (session.status !== 'open') {
    return page(
      'Checkout ended',
      `<h1>This checkout has ended</h1><p>It is ${session.status === 'complete' ? 'paid' : 'expired'}; nothing more can be paid here.</p>`,
    );
  }
  const refusal = declined ? '<p role="alert">Your card was declined. Try another card.</p>' : '';
  return page(
    `Pay ${amount}`,
    `<h1>Pay ${escape(amount)}</h1>
<p>${escape(productName)}</p>
${refusal}
<form method="post" action="/pay/${session.id}/confirm">
<fieldset><legend>Test card</legend>
<label><input type="radio" name="card" value="succeeds" checked> 4242 4242 4242 4242 (succeeds)</label>
<label><input type="radio" name="card" value="declined"> 4000 0000 0000 0002 (declined)</label>
</fieldset>
<button type="submit">Pay ${escape(amount)}</button>
</form>
<form method="post" action="/pay/${session.id}/cancel"><button type="submit">Cancel</button></form>`,
  );
}

export const missingPage = () => page('Checkout not found', '<h1>This checkout does not exist</h1>');
