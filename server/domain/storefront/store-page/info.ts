import { DAY_NAMES, type SpecialDay } from '../../../../contracts/shared/opening-hours';
import type { Storefront } from '../../../../contracts/storefront';
import { html, type Html } from './html';
import { dayHours, deliveryTerms, longDate, pickupTerms, specialDayHours } from './words';

/** The week's hours (today marked), then the special days to come. */
function hoursCard(store: Storefront, today: { date: string; weekday: number }): Html {
  const { hours } = store;
  const upcoming = hours.special_days.filter((day: SpecialDay) => day.date >= today.date);
  const rows = hours.open_247
    ? html`<tr><th scope="row">Every day</th><td>Open 24 hours</td></tr>`
    : hours.days.map(
        (day) =>
          html`<tr${day.day_of_week === today.weekday ? html` aria-current="date"` : ''}><th scope="row">${DAY_NAMES[day.day_of_week - 1]}${day.day_of_week === today.weekday ? html`<span class="vh"> (today)</span>` : ''}</th><td>${dayHours(day, store.restaurant.country).map((span, index) => html`${index > 0 ? ', ' : ''}<span class="nw">${span}</span>`)}</td></tr>`,
      );
  return html`<section class="card" aria-labelledby="hours-title">
<h2 id="hours-title">Opening hours</h2>
<table class="hours"><tbody>${rows}</tbody></table>
${
  upcoming.length > 0
    ? html`<h3>Special days</h3><ul class="plain">${upcoming.map((day) => html`<li><strong>${longDate(day.date, store.restaurant.country)}</strong>: ${specialDayHours(day, store.restaurant.country)}</li>`)}</ul>`
    : ''
}
</section>`;
}

/**
 * Pickup and delivery in plain words, and the "Do you deliver to my zip?" form. The form is
 * `hidden` until the page's script takes it over (without the script it could only send the
 * visitor to a JSON answer); the sentence beside it, for visitors without the script, tells them
 * how to ask instead, and the script removes it.
 */
function orderingCard(store: Storefront): Html {
  const { restaurant } = store;
  const askBy = restaurant.public_phone ? `call ${restaurant.public_phone}` : restaurant.contact_email ? `write to ${restaurant.contact_email}` : null;
  return html`<section class="card" aria-labelledby="ordering-title">
<h2 id="ordering-title">Pickup and delivery</h2>
<h3>Pickup</h3>
<p>${pickupTerms(store)}</p>
<h3>Delivery</h3>
<ul class="plain terms">${deliveryTerms(store).map((term) => html`<li>${term}</li>`)}</ul>
${
  store.delivery.available
    ? html`${askBy ? html`<p class="muted" data-without-script>To know whether we deliver to your address, ${askBy}.</p>` : ''}
<form class="zip-check" hidden novalidate>
<label for="zip">Do you deliver to my zip?</label>
<div class="zip-row"><input id="zip" name="zip" autocomplete="postal-code" maxlength="10" required><button class="button" type="submit">Check</button></div>
<p class="field-error" id="zip-error" hidden></p>
<p class="zip-result" role="status"></p>
</form>`
    : ''
}
</section>`;
}

export function infoColumn(store: Storefront, today: { date: string; weekday: number }): Html {
  return html`<aside class="info" aria-label="Hours, pickup and delivery">
${hoursCard(store, today)}
${orderingCard(store)}
</aside>`;
}
