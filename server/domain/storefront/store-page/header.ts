import type { SpecialDay } from '../../../../contracts/shared/opening-hours';
import type { Storefront } from '../../../../contracts/storefront';
import { html, type Html } from './html';
import { addressLine, todayNote } from './words';

/** "tel:" wants digits (and a leading +): "(217) 555-0101" → "tel:2175550101". */
const telHref = (phone: string) => `tel:${phone.trim().startsWith('+') ? '+' : ''}${phone.replace(/\D/g, '')}`;

/** The banner: logo, name, about, the open/closed pill, today's special day, address and phone. */
export function pageHeader(store: Storefront, todaySpecial: SpecialDay | undefined): Html {
  const { restaurant, status } = store;
  return html`<header class="hero">
<div class="wrap hero-inner">
${restaurant.logo_url ? html`<img class="logo" src="${restaurant.logo_url}" alt="${restaurant.name} logo" width="80" height="80">` : ''}
<div>
<h1>${restaurant.name}</h1>
${restaurant.about ? html`<p class="about">${restaurant.about}</p>` : ''}
<p class="status ${status.open_now ? 'open' : 'closed'}">${status.label}</p>
${todaySpecial ? html`<p class="today-note">${todayNote(todaySpecial, restaurant.country)}</p>` : ''}
<ul class="contact">
${restaurant.address ? html`<li><address>${addressLine(restaurant.address)}</address></li>` : ''}
${restaurant.public_phone ? html`<li><a href="${telHref(restaurant.public_phone)}">${restaurant.public_phone}</a></li>` : ''}
</ul>
</div>
</div>
</header>`;
}

export function pageFooter(store: Storefront): Html {
  const { restaurant } = store;
  return html`<footer class="site-footer">
<div class="wrap">
<p><strong>${restaurant.name}</strong>${restaurant.address ? html` \u00b7 ${addressLine(restaurant.address)}` : ''}</p>
${restaurant.contact_email ? html`<p>Email <a href="mailto:${restaurant.contact_email}">${restaurant.contact_email}</a></p>` : ''}
<p>Hours are shown in the restaurant\u2019s local time (${restaurant.time_zone}).</p>
</div>
</footer>`;
}
