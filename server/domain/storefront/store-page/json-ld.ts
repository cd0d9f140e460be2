import type { SpecialDay } from '../../../../contracts/shared/opening-hours';
import { DAY_NAMES } from '../../../../contracts/shared/opening-hours';
import type { Storefront, StoreCategory } from '../../../../contracts/storefront';
import { daySpans } from '../../../../contracts/storefront/store-words';

/**
 * The store as schema.org data (a `Restaurant`), for search engines and link previews: what the
 * page shows, in the vocabulary they read. Prices are strings with two decimals, as schema.org
 * recommends for `price` (no float rounding in a crawler's reading).
 */

type Thing = Record<string, unknown>;

const dayUrl = (dayOfWeek: number) => `https://schema.org/${DAY_NAMES[dayOfWeek - 1]}`;

function specialDaySpec(day: SpecialDay): Thing {
  // Google's reading of a closed day: opens and closes at 00:00.
  const hours =
    day.closed || day.open_time === null || day.close_time === null ? { opens: '00:00', closes: '00:00' } : { opens: day.open_time, closes: day.close_time };
  return { '@type': 'OpeningHoursSpecification', ...hours, validFrom: day.date, validThrough: day.date, ...(day.note ? { description: day.note } : {}) };
}

export function openingHoursSpecification(hours: Storefront['hours']): Thing[] {
  const weekly = hours.open_247
    ? DAY_NAMES.map((_, index) => ({ '@type': 'OpeningHoursSpecification', dayOfWeek: dayUrl(index + 1), opens: '00:00', closes: '23:59' }))
    : hours.days.flatMap((day) => daySpans(day).map((span) => ({ '@type': 'OpeningHoursSpecification', dayOfWeek: dayUrl(day.day_of_week), ...span })));
  return [...weekly, ...hours.special_days.map(specialDaySpec)];
}

const money = (amount: number) => amount.toFixed(2);

function menuSection(category: StoreCategory, currency: string, absolute: (path: string) => string): Thing {
  const sizeNames = new Map(category.sizes.map((size) => [size.id, size.name]));
  return {
    '@type': 'MenuSection',
    name: category.name,
    ...(category.description ? { description: category.description } : {}),
    ...(category.image_url ? { image: absolute(category.image_url) } : {}),
    hasMenuItem: category.items.map((item) => ({
      '@type': 'MenuItem',
      name: item.name,
      ...(item.description ? { description: item.description } : {}),
      ...(item.image_url ? { image: absolute(item.image_url) } : {}),
      offers:
        item.price !== null
          ? [{ '@type': 'Offer', price: money(item.price), priceCurrency: currency }]
          : item.prices.map((offer) => ({ '@type': 'Offer', name: sizeNames.get(offer.size_id) ?? '', price: money(offer.price), priceCurrency: currency })),
    })),
  };
}

/** The page's JSON-LD object; `url` is the store's canonical address, `absolute` makes an image path a full URL. */
export function restaurantJsonLd(store: Storefront, url: string, absolute: (path: string) => string): Thing {
  const { restaurant } = store;
  const address = restaurant.address;
  return {
    '@context': 'https://schema.org',
    '@type': 'Restaurant',
    name: restaurant.name,
    url,
    ...(restaurant.about ? { description: restaurant.about } : {}),
    ...(restaurant.logo_url ? { logo: absolute(restaurant.logo_url), image: absolute(restaurant.logo_url) } : {}),
    ...(restaurant.public_phone ? { telephone: restaurant.public_phone } : {}),
    ...(restaurant.contact_email ? { email: restaurant.contact_email } : {}),
    ...(address
      ? {
          address: {
            '@type': 'PostalAddress',
            streetAddress: address.street,
            addressLocality: address.city,
            addressRegion: address.state,
            postalCode: address.zip_code,
            addressCountry: address.country,
          },
        }
      : {}),
    openingHoursSpecification: openingHoursSpecification(store.hours),
    hasMenu: {
      '@type': 'Menu',
      name: `${restaurant.name} menu`,
      hasMenuSection: store.categories.map((category) => menuSection(category, restaurant.currency, absolute)),
    },
  };
}
