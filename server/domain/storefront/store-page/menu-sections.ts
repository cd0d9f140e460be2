import { formatMoney } from '../../../../contracts/shared/money-format';
import type { Currency } from '../../../../contracts/shared/restaurants';
import type { StoreCategory, Storefront } from '../../../../contracts/storefront';
import { html, type Html } from './html';

/** A category's anchor: by id, so two categories of one name never share it. */
export const categoryAnchor = (category: StoreCategory) => `category-${category.id}`;

/** Links to each category: plain anchors, so they work before (or without) the page's script. */
export function categoryNav(store: Storefront): Html {
  return html`<nav class="catnav" aria-label="Menu categories"><ul>${store.categories.map(
    (category) => html`<li><a href="#${categoryAnchor(category)}">${category.name}</a></li>`,
  )}</ul></nav>`;
}

type Item = StoreCategory['items'][number];

/** One price, or a price per size ("Small $9.00 · Large $14.00") in the category's size order. */
function itemPrices(item: Item, category: StoreCategory, currency: Currency): Html {
  if (item.price !== null) return html`<p class="price">${formatMoney(item.price, currency)}</p>`;
  const bySize = new Map(item.prices.map((entry) => [entry.size_id, entry.price]));
  const offered = category.sizes.filter((size) => bySize.has(size.id));
  return html`<ul class="prices" aria-label="Prices by size">${offered.map(
    (size) => html`<li>${size.name}<b class="price">${formatMoney(bySize.get(size.id)!, currency)}</b></li>`,
  )}</ul>`;
}

/**
 * An item card. Its "Details" button opens the sizes and extras in a dialog; it is `hidden`
 * until the script that opens the dialog has run. Images are lazy and sized, so they never move
 * the text while they load.
 */
function itemCard(item: Item, category: StoreCategory, currency: Currency): Html {
  return html`<li class="item"><div>
<h3>${item.name}</h3>
${item.description ? html`<p class="desc">${item.description}</p>` : ''}
${itemPrices(item, category, currency)}
<button class="more" type="button" data-item="${item.id}" aria-haspopup="dialog" aria-label="Details: ${item.name}" hidden>Details</button>
</div>${item.image_url ? html`<img src="${item.image_url}" alt="" width="96" height="96" loading="lazy" decoding="async">` : ''}</li>`;
}

function categorySection(category: StoreCategory, currency: Currency): Html {
  const anchor = categoryAnchor(category);
  return html`<section id="${anchor}" aria-labelledby="${anchor}-title">
<div class="category-head"><h2 id="${anchor}-title">${category.name}</h2>${category.description ? html`<p>${category.description}</p>` : ''}</div>
${category.image_url ? html`<img class="category-image" src="${category.image_url}" alt="" width="960" height="300" loading="lazy" decoding="async">` : ''}
<ul class="items">${category.items.map((item) => itemCard(item, category, currency))}</ul>
</section>`;
}

export function menuSections(store: Storefront): Html {
  return html`<div class="menu" id="menu" tabindex="-1">
${store.categories.length === 0 ? html`<p>The menu is on its way: check back soon.</p>` : store.categories.map((category) => categorySection(category, store.restaurant.currency))}
</div>`;
}
