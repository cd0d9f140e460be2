import type { FormEvent, ReactNode } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { fromCents } from '../../../contracts/shared/cents';
import { currencySymbol, formatMoney } from '../../../contracts/shared/money-format';
import { lineCents } from '../../../contracts/ordering/order-pricing';
import type { CartLine } from '../../machines/ordering/cart-lines';
import { tipOptions } from '../../machines/ordering/checkout-money';
import { checkoutFigures, type checkoutMachine } from '../../machines/ordering/checkout.machine';
import { LineDetails } from './cart-panel';
import { Choice, ChoiceGroup, TextField } from './fields';
import { Receipt } from './money-row';

/**
 * The review's money (issue 43): the order line by line with its figures as the server's quote
 * gives them (the cart's own figures where the server has no quote route), the tip and the coupon.
 * Every amount is the machine's or the quote's; this module only writes them.
 */

type Checkout = ActorRefFrom<typeof checkoutMachine>;
type Context = SnapshotFrom<typeof checkoutMachine>['context'];
type Props = { context: Context; send: Checkout['send'] };

/** The cart's own figures where the server quotes nothing: no coupon, tax or tip can be known. */
const NOTHING_ADDED = { discount: 0, tax: 0, tip: 0, prices_include_tax: false, coupon_code: null };

/** The quote's lines and figures; before the first quote, the cart's lines (and its figures where the server quotes nothing). */
export function ReviewFigures({ context, lines }: { context: Context; lines: readonly CartLine[] }) {
  const { store, quote } = context;
  const money = (amount: number) => formatMoney(amount, store.currency);
  const fulfilment = context.fulfilment ?? 'pickup';
  if (quote === null) {
    const figures = checkoutFigures(context);
    return (
      <>
        <ul className="plain cart-lines">
          {lines
            .filter((line) => line.problem === null)
            .map((line) => (
              <li key={line.key} className="cart-line">
                <div className="line-main">
                  <LineDetails line={line} prefix={`${line.quantity} \u00d7 `} />
                </div>
                <span>{money(lineCents(line) / 100)}</span>
              </li>
            ))}
        </ul>
        {!context.quotes && (
          <Receipt
            figures={{
              ...NOTHING_ADDED,
              fulfilment,
              currency: store.currency,
              subtotal: fromCents(figures.subtotal),
              fee: fromCents(figures.fee),
              total: fromCents(figures.total),
            }}
          />
        )}
      </>
    );
  }
  return (
    <>
      <ul className="plain cart-lines">
        {quote.lines.map((line, index) => (
          <li key={index} className="cart-line">
            <div className="line-main">
              <span>{`${line.quantity} \u00d7 ${line.name}${line.size_name ? ` (${line.size_name})` : ''}`}</span>
              {line.extras.length > 0 && <span className="muted">{line.extras.map((extra) => extra.name).join(', ')}</span>}
              {line.note && <span className="muted">{line.note}</span>}
            </div>
            <span>{money(line.line_total)}</span>
          </li>
        ))}
      </ul>
      <Receipt figures={{ ...quote, fulfilment }} />
    </>
  );
}

/** A small form of its own (Enter applies it rather than placing the order). */
function ApplyForm({ onApply, label, children }: { onApply: () => void; label: string; children: ReactNode }) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply();
  };
  return (
    <form noValidate className="apply" onSubmit={submit}>
      {children}
      <button className="button secondary" type="submit">
        {label}
      </button>
    </form>
  );
}

/** "Add a tip": the store's percents with what each comes to, No tip, and an amount of the customer's own where allowed. */
export function TipChoices({ context, send }: Props) {
  const { store } = context;
  const tips = store.money?.tips;
  if (!tips?.enabled) return null;
  const error = context.errors.tip;
  const chosen = (percent: number | null) =>
    !context.tipOther && (percent === null ? context.tip === null : context.tip !== null && 'percent' in context.tip && context.tip.percent === percent);
  return (
    <>
      <ChoiceGroup
        id="tip"
        legend="Add a tip"
        // Until Add tip is pressed the figures below still hold the tip chosen before: say so.
        hint={context.tipOther ? 'Type the amount and press Add tip: the total changes then.' : undefined}
        error={context.tipOther ? null : error}
      >
        <Choice type="radio" name="tip" value="none" label="No tip" price="" checked={chosen(null)} onChange={() => send({ type: 'tip.choose', tip: null })} />
        {tipOptions(store, context.subtotal).map(({ percent, cents }) => (
          <Choice
            key={percent}
            type="radio"
            name="tip"
            value={String(percent)}
            label={`${percent} % \u00b7 ${formatMoney(cents / 100, store.currency)}`}
            price=""
            checked={chosen(percent)}
            onChange={() => send({ type: 'tip.choose', tip: { percent } })}
          />
        ))}
        {tips.allow_custom && (
          <Choice type="radio" name="tip" value="other" label="Other amount" price="" checked={context.tipOther} onChange={() => send({ type: 'tip.other' })} />
        )}
      </ChoiceGroup>
      {context.tipOther && (
        <ApplyForm label="Add tip" onApply={() => send({ type: 'tip.apply' })}>
          <TextField
            id="tip-amount"
            label={`Tip amount (${currencySymbol(store.currency)})`}
            value={context.tipText}
            error={error}
            autoComplete="off"
            maxLength={10}
            onChange={(value) => send({ type: 'tip.type', value })}
          />
        </ApplyForm>
      )}
    </>
  );
}

/** The coupon code and Apply; the quote says whether it applies (its refusal on the field, the discount among the figures). */
export function CouponForm({ context, send }: Props) {
  return (
    <ApplyForm label="Apply" onApply={() => send({ type: 'coupon.apply' })}>
      <TextField
        id="coupon-code"
        label="Coupon code"
        optional
        autoComplete="off"
        maxLength={64}
        value={context.couponText}
        error={context.errors.coupon_code}
        onChange={(value) => send({ type: 'coupon.type', value })}
      />
    </ApplyForm>
  );
}
