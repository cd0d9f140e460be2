import type { OpeningDay, SpecialDay } from '../shared/opening-hours';
import { formatDate, formatWallTime } from '../shared/clock-format';
import { formatMoney } from '../shared/money-format';
import type { Storefront } from '../storefront';

/**
 * The sentences the store page says about hours and service: plain words a customer reads. Here,
 * beside the contract, because both ends say them: the server in the page it renders and in the
 * ordering mails, the browser when it hydrates the same components.
 */

const DASH = '\u2013';

type Hours = { opens: string; closes: string };

/** A day's opening spans: open to close, or two around the break. 18:00–02:00 stays one span of the day it opens. */
export function daySpans(day: OpeningDay): Hours[] {
  if (day.closed || day.open_time === null || day.close_time === null) return [];
  if (day.break_start !== null && day.reopen_time !== null) {
    return [
      { opens: day.open_time, closes: day.break_start },
      { opens: day.reopen_time, closes: day.close_time },
    ];
  }
  return [{ opens: day.open_time, closes: day.close_time }];
}

/** The country whose way times are written in (contracts/shared/clock-format.ts): the restaurant's. */
type Country = string | null | undefined;

/** ["08:00–14:00", "17:00–22:00"] (["8:00 AM–2:00 PM", …] in the US and Canada), or ["Closed"]. An overnight span reads "18:00–02:00", as the owner set it. */
export const dayHours = (day: OpeningDay, country: Country): string[] => {
  const spans = daySpans(day);
  return spans.length === 0 ? ['Closed'] : spans.map((span) => `${formatWallTime(span.opens, country)}${DASH}${formatWallTime(span.closes, country)}`);
};

/** "2026-11-26" → "Thursday 26 November" / "Thursday, November 26": a calendar date of the restaurant. */
export const longDate = (date: string, country: Country): string => formatDate(date, country, 'long');

const openSpan = (day: SpecialDay, country: Country) => `${formatWallTime(day.open_time!, country)}${DASH}${formatWallTime(day.close_time!, country)}`;
const isClosed = (day: SpecialDay) => day.closed || day.open_time === null || day.close_time === null;

/** "Closed · Thanksgiving", "Open 10:00–14:00 · Christmas Eve". */
export const specialDayHours = (day: SpecialDay, country: Country): string => {
  const hours = isClosed(day) ? 'Closed' : `Open ${openSpan(day, country)}`;
  return day.note ? `${hours} · ${day.note}` : hours;
};

/**
 * Today's special day as the header says it: "Closed today: Thanksgiving", "Today: open 10:00–14:00 (Christmas Eve)".
 * It is about today's date; the status beside it names another day's hours when those are what
 * keep the store open past midnight (contracts/shared/opening-status.ts, issue 40).
 */
export const todayNote = (day: SpecialDay, country: Country): string => {
  if (isClosed(day)) return day.note ? `Closed today: ${day.note}` : 'Closed today';
  const hours = `Today: open ${openSpan(day, country)}`;
  return day.note ? `${hours} (${day.note})` : hours;
};

const minutes = (from: number, to: number) => (from === to ? `${from} min` : `${from}${DASH}${to} min`);

/**
 * The minutes the kitchen adds to every quoted time (issue 45): its notice and, while busy, its
 * extra prep minutes, as the server sent them (only while on; the page is rendered again when
 * they end), so the page says what checkout will offer.
 */
const kitchenMinutes = (store: Pick<Storefront, 'min_lead_minutes' | 'busy_extra_minutes'>) => (store.min_lead_minutes ?? 0) + (store.busy_extra_minutes ?? 0);

const quoted = (store: Storefront, eta: { eta_from: number; eta_to: number }) =>
  minutes(eta.eta_from + kitchenMinutes(store), eta.eta_to + kitchenMinutes(store));

export const pickupTerms = (store: Storefront): string =>
  store.pickup.available ? `Ready for pickup in ${quoted(store, store.pickup)}.` : 'Pickup is not offered.';

/** Each term of delivery as its own phrase: the ETA, the fee, the minimum, the free-over amount. */
export const deliveryTerms = (store: Storefront): string[] => {
  const { delivery } = store;
  const currency = store.restaurant.currency;
  if (!delivery.available) return ['Delivery is not offered.'];
  return [
    `Delivered in ${quoted(store, delivery)}`,
    delivery.fee > 0 ? `Delivery fee ${formatMoney(delivery.fee, currency)}` : 'No delivery fee',
    ...(delivery.min_order !== null ? [`Minimum order ${formatMoney(delivery.min_order, currency)}`] : []),
    ...(delivery.free_over !== null ? [`Free delivery over ${formatMoney(delivery.free_over, currency)}`] : []),
  ];
};

const DESCRIPTION_MAX = 155;

/** The meta description: the owner's about, cut at a word to about 155 characters, else a sentence naming the city. */
export function metaDescription(store: Storefront): string {
  const about = store.restaurant.about.replace(/\s+/g, ' ').trim();
  if (about.length === 0) {
    const city = store.restaurant.address?.city;
    return `${store.restaurant.name}${city ? ` in ${city}` : ''}: see the menu, prices and opening hours, and order online.`;
  }
  if (about.length <= DESCRIPTION_MAX) return about;
  const cut = about.slice(0, DESCRIPTION_MAX - 1);
  const atWord = cut.slice(0, Math.max(cut.lastIndexOf(' '), DESCRIPTION_MAX / 2));
  return `${atWord.trimEnd()}\u2026`;
}

/** "12 Market St, Springfield, IL 62701". */
export const addressLine = (address: NonNullable<Storefront['restaurant']['address']>): string =>
  [address.street, address.city, [address.state, address.zip_code].filter(Boolean).join(' ')].filter(Boolean).join(', ');
