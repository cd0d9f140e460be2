import { useRef, useState, type FormEvent } from 'react';
import { formatMoney } from '../../../contracts/shared/money-format';
import type { Currency } from '../../../contracts/shared/restaurants';
import type { DeliveryCheck } from '../../../contracts/storefront';
import type { DeliveryAnswer } from '../../services/storefront/delivery-check';

type Store = { currency: Currency; pickup_available: boolean };

/** The storefront's delivery check for one zip, handed in by the page's composition root. */
export type ZipChecker = (zip: string) => Promise<DeliveryAnswer>;

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
 * "Do you deliver to my zip?": the answer is said in its status region (`role="status"`, read
 * out politely); a zip the server refuses shows the server's sentence under the field, tied to it
 * with aria-describedby and aria-invalid. `check` is null until the page's script runs: the form
 * is then hidden (without the script it could only send the visitor to a JSON answer).
 */
export function ZipCheck({ store, check }: { store: Store; check: ZipChecker | null }) {
  const [zip, setZip] = useState('');
  const [result, setResult] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!check) return;
    setError(null);
    setResult('Checking\u2026');
    const answer = await check(zip.trim());
    setResult(
      answer.kind === 'checked' ? deliverySentence(answer.check, store) : answer.kind === 'failed' ? 'We couldn\u2019t check just now. Please try again.' : '',
    );
    if (answer.kind === 'refused') {
      setError(answer.message);
      input.current?.focus();
    }
  }

  return (
    <form className="zip-check" hidden={check === null} noValidate onSubmit={submit}>
      <label htmlFor="zip">Do you deliver to my zip?</label>
      <div className="zip-row">
        <input
          ref={input}
          id="zip"
          name="zip"
          autoComplete="postal-code"
          maxLength={10}
          required
          value={zip}
          onChange={(event) => setZip(event.target.value)}
          aria-invalid={error === null ? undefined : true}
          aria-describedby={error === null ? undefined : 'zip-error'}
        />
        <button className="button" type="submit">
          Check
        </button>
      </div>
      <p className="field-error" id="zip-error" hidden={error === null}>
        {error ?? ''}
      </p>
      <p className="zip-result" role="status">
        {result}
      </p>
    </form>
  );
}
