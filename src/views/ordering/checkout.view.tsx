import { useEffect, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { ORDER_NOTE_MAX, type OrderQuote, type PlacedOrder } from '../../../contracts/ordering';
import { clockOf, formatDate, formatDayTime, formatTime, type Clock } from '../../../contracts/shared/clock-format';
import { formatMoney } from '../../../contracts/shared/money-format';
import type { CartLine } from '../../machines/ordering/cart-lines';
import { offeredFulfilments, paymentMethodsOf, type Step } from '../../machines/ordering/checkout-rules';
import { checkoutFigures, type checkoutMachine, type TextField as TextFieldName } from '../../machines/ordering/checkout.machine';
import { useScreen } from '../shared/use-screen';
import { Choice, ChoiceGroup, describedBy, FieldError, TextField } from './fields';
import { CouponForm, ReviewFigures, TipChoices } from './review-money';
import { paymentWords } from '../../../contracts/ordering/order-words';

type Checkout = ActorRefFrom<typeof checkoutMachine>;
type Snapshot = SnapshotFrom<typeof checkoutMachine>;
type Context = Snapshot['context'];
type Shown = Step | 'placing' | 'failed';

const SCREENS: Shown[] = ['fulfilment', 'address', 'time', 'contact', 'review', 'placing', 'failed'];
const minutes = (from: number, to: number) => (from === to ? `${from} min` : `${from}\u2013${to} min`);

/** The control each field of the machine's errors is shown on, by id (the first radio of a group). */
const CONTROL_IDS: Record<string, string> = {
  fulfilment: '#fulfilment input',
  'address.street': '#street',
  'address.city': '#city',
  'address.zip_code': '#zip_code',
  'address.notes': '#address-notes',
  scheduled_for: '#when',
  'customer.name': '#name',
  'customer.phone': '#phone',
  'customer.email': '#email',
  note: '#order-note',
  remember: '#remember-details',
  tip: '#tip input',
  'tip.amount': '#tip-amount',
  coupon_code: '#coupon-code',
  payment: '#payment input',
  'price-changed': '#price-changed',
};

const HEADINGS: Record<Shown, string> = {
  fulfilment: 'How would you like your order?',
  address: 'Delivery address',
  time: 'When?',
  contact: 'Your details',
  review: 'Review your order',
  placing: 'Placing your order\u2026',
  failed: 'Your order is not placed yet',
};

type StepProps = { context: Context; send: Checkout['send'] };

/**
 * A step's form: Continue (Enter) goes on, Back goes back (from the first step it closes the
 * checkout). `busy` is what the button says while the step waits; `blockedBy`, the id of the
 * sentence saying why going on is impossible (the machine's guard makes it so).
 */
function StepForm({
  send,
  next,
  back = 'Back',
  busy = null,
  blockedBy = null,
  children,
}: Pick<StepProps, 'send'> & { next: string; back?: string; busy?: string | null; blockedBy?: string | null; children: ReactNode }) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'step.next' });
  };
  return (
    <form noValidate onSubmit={submit}>
      {children}
      <div className="actions">
        <button className="button secondary" type="button" onClick={() => send({ type: 'step.back' })}>
          {back}
        </button>
        {/* Where going on is impossible, the button says why rather than vanishing. */}
        <button
          className="button"
          type="submit"
          aria-busy={busy !== null}
          aria-disabled={blockedBy !== null || undefined}
          aria-describedby={blockedBy ?? undefined}
        >
          {busy ?? next}
        </button>
      </div>
    </form>
  );
}

function FulfilmentStep({ context, send }: StepProps) {
  const { store } = context;
  // Said as soon as delivery is chosen, not first on the review (the engine's sentence, as the server refuses with it).
  const { minimum } = checkoutFigures(context);
  return (
    <StepForm send={send} next="Continue" back="Back to the menu">
      <ChoiceGroup id="fulfilment" legend="Pickup or delivery" error={context.errors.fulfilment}>
        {offeredFulfilments(store).map((way) => (
          <Choice
            key={way}
            type="radio"
            name="fulfilment"
            value={way}
            label={way === 'pickup' ? 'Pickup' : 'Delivery'}
            price={
              way === 'pickup'
                ? `ready in ${minutes(store.pickup.eta_from, store.pickup.eta_to)}`
                : `${minutes(store.delivery.eta_from, store.delivery.eta_to)}, ${store.delivery.fee > 0 ? `fee ${formatMoney(store.delivery.fee, store.currency)}` : 'no fee'}`
            }
            checked={context.fulfilment === way}
            onChange={() => send({ type: 'fulfilment.choose', fulfilment: way })}
          />
        ))}
      </ChoiceGroup>
      <p className="field-error" id="fulfilment-minimum" role="status">
        {minimum ?? ''}
      </p>
    </StepForm>
  );
}

/** A text field bound to the machine: its value and refusal from the context, each keystroke a `field.change`. */
function bound(context: Context, send: Checkout['send'], field: TextFieldName, value: string) {
  return { value, error: context.errors[field], onChange: (changed: string) => send({ type: 'field.change', field, value: changed }) };
}

function AddressStep({ context, send, busy }: StepProps & { busy: boolean }) {
  const { address } = context;
  return (
    <StepForm send={send} next="Continue" busy={busy ? 'Checking your zip\u2026' : null}>
      <TextField id="street" label="Street and number" autoComplete="street-address" {...bound(context, send, 'address.street', address.street)} />
      <TextField id="city" label="City" autoComplete="address-level2" {...bound(context, send, 'address.city', address.city)} />
      <TextField
        id="zip_code"
        label="Zip or postal code"
        autoComplete="postal-code"
        maxLength={10}
        {...bound(context, send, 'address.zip_code', address.zip_code)}
      />
      <TextField
        id="address-notes"
        label="Flat, floor, what the driver should know"
        optional
        maxLength={200}
        {...bound(context, send, 'address.notes', address.notes)}
      />
    </StepForm>
  );
}

function TimeStep({ context, send }: StepProps) {
  const { store } = context;
  const error = context.errors.scheduled_for;
  return (
    <StepForm send={send} next="Continue">
      {context.asapNote && <p>{context.asapNote}</p>}
      <div className="field">
        <label htmlFor="when">{context.fulfilment === 'delivery' ? 'When should we deliver?' : 'When will you pick it up?'}</label>
        <p className="muted" id="when-hint">{`Times are the restaurant\u2019s local time (${store.time_zone}).`}</p>
        <select
          id="when"
          name="when"
          value={context.when ?? ''}
          onChange={(event) => event.target.value && send({ type: 'time.choose', when: event.target.value })}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy('when-error', error, 'when-hint')}
        >
          <option value="">Choose a time</option>
          {context.openNow && !context.pauseNote && <option value="asap">As soon as possible</option>}
          {context.slots.map((day) => (
            <optgroup key={day.date} label={formatDate(day.date, store.country, 'long')}>
              {day.slots.map((slot) => (
                <option key={slot} value={slot}>
                  {formatTime(slot, clockOf(store))}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        <FieldError id="when-error" message={error} />
      </div>
    </StepForm>
  );
}

function ContactStep({ context, send }: StepProps) {
  const { customer } = context;
  return (
    <StepForm send={send} next="Review your order">
      <TextField id="name" label="Name" autoComplete="name" maxLength={80} {...bound(context, send, 'customer.name', customer.name)} />
      <TextField id="phone" label="Phone" type="tel" autoComplete="tel" maxLength={30} {...bound(context, send, 'customer.phone', customer.phone)} />
      <TextField id="email" label="Email" type="email" autoComplete="email" {...bound(context, send, 'customer.email', customer.email)} />
      <TextField
        id="order-note"
        label="Note for the restaurant"
        optional
        multiline
        maxLength={ORDER_NOTE_MAX}
        {...bound(context, send, 'note', context.note)}
      />
      <RememberDetails context={context} send={send} />
    </StepForm>
  );
}

/** "Remember my details on this device" (off unless details are kept already), and a way to forget them. */
function RememberDetails({ context, send }: StepProps) {
  const what = context.fulfilment === 'delivery' ? 'Your name, phone, email and delivery address' : 'Your name, phone and email';
  return (
    <div className="choices">
      <label className="choice" htmlFor="remember-details">
        <input
          type="checkbox"
          id="remember-details"
          name="remember"
          checked={context.remember}
          aria-describedby="remember-hint"
          onChange={(event) => send({ type: 'details.remember', remember: event.target.checked })}
        />
        <span>Remember my details on this device</span>
      </label>
      <p className="muted" id="remember-hint">{`${what} are kept in this browser when you place the order, and filled in next time.`}</p>
      {context.remembered && (
        <button className="link-button" type="button" onClick={() => send({ type: 'details.forget' })}>
          Forget my details
        </button>
      )}
      <p className="muted" role="status">
        {context.notice ?? ''}
      </p>
    </div>
  );
}

type Pricing = 'quoting' | 'priced' | 'unpriced';

/**
 * "As soon as possible (ready about 7:45 PM)": the time the server's quote expects (issue 45), on
 * the restaurant's clock; the words alone while there is no quote, or a server from before.
 */
function asapWords(quote: OrderQuote | null, delivery: boolean, clock: Clock): string {
  if (!quote?.estimated_at) return 'As soon as possible';
  return `As soon as possible (${delivery ? 'delivered' : 'ready'} about ${formatTime(quote.estimated_at, clock)})`;
}

/**
 * The order as it will be sent: its lines and figures (the server's quote, issue 43), the tip and
 * the coupon, where and when, who, the notes and how it is paid. Place order needs figures shown.
 */
function ReviewStep({ context, send, lines, pricing }: StepProps & { lines: readonly CartLine[]; pricing: Pricing }) {
  const { store } = context;
  const money = (amountCents: number) => formatMoney(amountCents / 100, store.currency);
  const { minimum } = checkoutFigures(context);
  const delivery = context.fulfilment === 'delivery';
  const when = context.when === 'asap' ? asapWords(context.quote, delivery, clockOf(store)) : formatDayTime(context.when!, clockOf(store));
  const where = delivery
    ? `Delivery to ${context.address.street.trim()}, ${context.address.city.trim()} ${context.address.zip_code.trim()}`
    : 'Pickup at the restaurant';
  const terms = delivery
    ? [
        ...(context.terms.free_over !== null ? [`Free delivery over ${money(context.terms.free_over)}`] : []),
        ...(context.terms.min_order !== null ? [`Minimum order ${money(context.terms.min_order)}`] : []),
      ]
    : [];
  const blockedBy = minimum !== null ? 'minimum-note' : pricing === 'quoting' ? 'quote-status' : pricing === 'unpriced' ? 'quote-note' : null;
  return (
    <>
      {context.changed !== null && (
        <p className="alert" id="price-changed" tabIndex={-1}>
          {context.changed}
        </p>
      )}
      <ReviewFigures context={context} lines={lines} />
      <p className="muted" id="quote-status" role="status">
        {pricing === 'quoting' ? 'Working out your total\u2026' : ''}
      </p>
      {pricing === 'unpriced' && (
        <div className="actions">
          <p id="quote-note">Your order can be placed once its total is worked out.</p>
          <button className="button secondary" type="button" onClick={() => send({ type: 'quote.retry' })}>
            Try again
          </button>
        </div>
      )}
      {terms.length > 0 && (
        <ul className="plain terms">
          {terms.map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ul>
      )}
      {/* Priced by the server only: a server without quotes would not charge them as shown. */}
      {context.quotes && (
        <>
          <TipChoices context={context} send={send} />
          <CouponForm context={context} send={send} />
        </>
      )}
      <StepForm send={send} next="Place order" blockedBy={blockedBy}>
        <p>{`${where}. ${when} (${store.time_zone}).`}</p>
        {context.when === 'asap' && context.quote?.asap_moved && context.quote.estimated_at ? (
          <p id="asap-moved">
            {`The earlier times are full, so the kitchen can have it ${delivery ? 'delivered' : 'ready'} at about ${formatTime(context.quote.estimated_at, clockOf(store))}.`}
          </p>
        ) : null}
        <p>{`${context.customer.name.trim()} \u00b7 ${context.customer.phone.trim()} \u00b7 ${context.customer.email.trim()}`}</p>
        {/* What the restaurant and the driver will read, as it will be sent (issue 40). */}
        {delivery && context.address.notes.trim() && <p>{`Delivery notes: ${context.address.notes.trim()}`}</p>}
        {context.note.trim() && <p>{`Note for the restaurant: ${context.note.trim()}`}</p>}
        <PaymentChoice context={context} send={send} />
        {minimum !== null && (
          <p className="field-error" id="minimum-note">
            {minimum}
          </p>
        )}
      </StepForm>
    </>
  );
}

function Screen({ step, snapshot, send, lines }: { step: Shown; snapshot: Snapshot; send: Checkout['send']; lines: readonly CartLine[] }) {
  const { context } = snapshot;
  switch (step) {
    case 'fulfilment':
      return <FulfilmentStep context={context} send={send} />;
    case 'address':
      return <AddressStep context={context} send={send} busy={snapshot.hasTag('busy')} />;
    case 'time':
      return <TimeStep context={context} send={send} />;
    case 'contact':
      return <ContactStep context={context} send={send} />;
    case 'review':
      return (
        <ReviewStep
          context={context}
          send={send}
          lines={lines}
          pricing={snapshot.hasTag('quoting') ? 'quoting' : snapshot.hasTag('unpriced') ? 'unpriced' : 'priced'}
        />
      );
    case 'placing':
      return <p role="status">Sending your order to the restaurant.</p>;
    case 'failed':
      return (
        <div className="actions">
          <button className="button secondary" type="button" onClick={() => send({ type: 'step.back' })}>
            Back
          </button>
          <button className="button" type="button" onClick={() => send({ type: 'order.retry' })}>
            Try again
          </button>
        </div>
      );
  }
}

/**
 * How the order is paid (issue 44): where the store takes cards, the customer chooses (card first,
 * paid on the payment provider's page after Place order); otherwise one sentence, as before.
 */
function PaymentChoice({ context, send }: { context: SnapshotFrom<typeof checkoutMachine>['context']; send: Checkout['send'] }) {
  const methods = paymentMethodsOf(context.store);
  const inPerson = paymentWords(context.fulfilment!);
  if (!methods.includes('card')) return <p className="pay">{`${inPerson}. Nothing is charged online.`}</p>;
  const label = { card: 'Pay now by card', in_person: inPerson } as const;
  return (
    <ChoiceGroup
      id="payment"
      legend="How would you like to pay?"
      hint={context.payment === 'card' ? 'After Place order you pay on a secure card page, then come back to your order.' : null}
      error={context.errors.payment}
    >
      {methods.map((method) => (
        <Choice
          key={method}
          type="radio"
          name="payment"
          value={method}
          label={label[method]}
          price=""
          checked={context.payment === method}
          onChange={() => send({ type: 'payment.choose', method })}
        />
      ))}
    </ChoiceGroup>
  );
}

/**
 * One checkout's screens, one per step of the checkout machine (read by its tags). The machine
 * says where the focus goes (`step.shown`: the step's heading, or its first field in error, once
 * the step is drawn), when the checkout closes (`checkout.closed`) and when the order is placed
 * (`order.placed`, handed to `placed`).
 */
function CheckoutScreens({
  checkout,
  lines,
  close,
  placed,
}: {
  checkout: Checkout;
  lines: readonly CartLine[];
  close: () => void;
  placed: (order: PlacedOrder) => void;
}) {
  const snapshot = useSelector(checkout, (state) => state);
  const heading = useRef<HTMLHeadingElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const [focus, setFocus] = useState<{ field: string | null } | null>(null);
  useScreen(checkout, {
    // A new object each time: the same field asked twice is focused twice.
    'step.shown': ({ field }) => setFocus({ field }),
    'checkout.closed': close,
    'order.placed': ({ order }) => placed(order),
  });
  useEffect(() => {
    if (!focus) return;
    const control = focus.field && CONTROL_IDS[focus.field] ? body.current?.querySelector<HTMLElement>(CONTROL_IDS[focus.field]!) : null;
    (control ?? heading.current)?.focus();
  }, [focus]);
  const step = SCREENS.find((candidate) => snapshot.hasTag(candidate));
  if (!step) return null;
  return (
    <div className="dialog-body" ref={body}>
      <h2 id="checkout-title" tabIndex={-1} ref={heading}>
        {HEADINGS[step]}
      </h2>
      {snapshot.context.pauseNote && <p className="pause-note">{snapshot.context.pauseNote}</p>}
      <p className="alert" role="alert" hidden={snapshot.context.alert === null}>
        {snapshot.context.alert ?? ''}
      </p>
      <Screen step={step} snapshot={snapshot} send={checkout.send} lines={lines} />
    </div>
  );
}

export type OpenCheckout = { checkout: Checkout; lines: readonly CartLine[] };

/**
 * The checkout in a native modal <dialog> over the store page. `open` is the checkout under way
 * (its actor started by the page) or null; Escape or the close button ends it, the cart untouched.
 */
export function CheckoutDialog({
  open,
  dialog,
  ended,
  placed,
}: {
  open: OpenCheckout | null;
  dialog: RefObject<HTMLDialogElement | null>;
  ended: () => void;
  placed: (order: PlacedOrder) => void;
}) {
  const close = () => dialog.current?.close();
  return (
    <dialog ref={dialog} aria-labelledby="checkout-title" className="checkout" onClose={ended}>
      <button className="close" type="button" aria-label="Close the checkout" onClick={close}>
        {'\u00d7'}
      </button>
      {open && <CheckoutScreens key={open.checkout.sessionId} checkout={open.checkout} lines={open.lines} close={close} placed={placed} />}
    </dialog>
  );
}
