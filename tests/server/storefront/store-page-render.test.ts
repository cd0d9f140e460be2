import { Window } from 'happy-dom';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Storefront } from '#contracts/storefront';
import { renderStorePage } from '#server/domain/storefront/store-page/page';
import { StoreRoot, type StorePageState } from '#src/store-roots';
import { storefrontFixture } from '#tests/fixtures/storefront/storefront';

/** Thursday 26 November 2026 in the restaurant's zone: a special day (closed, Thanksgiving). */
const THANKSGIVING = { date: '2026-11-26', weekday: 4 };
const FRIDAY = { date: '2026-11-27', weekday: 5 };

const render = (store: Storefront, today = FRIDAY, scriptSrc: string | null = '/assets/store-page-abc.js') =>
  renderStorePage(store, { origin: 'https://shop.example', scriptSrc, today });

function parse(page: string) {
  const window = new Window();
  return new window.DOMParser().parseFromString(page, 'text/html') as unknown as Document;
}
const text = (node: Element | null | undefined) => node?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
const jsonLdOf = (page: string) => JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page)![1]!);

type Thing = Record<string, unknown>;

describe('the store page as the server renders it', { timeout: 10_000 }, () => {
  it('shows every price in the restaurant’s currency, per size where the category is priced by size, before any script', () => {
    const usd = parse(render(storefrontFixture()));
    const [margherita, diavola, caesar] = [...usd.querySelectorAll('.item')];
    expect(text(margherita!.querySelector('h3'))).toBe('Margherita');
    expect([...margherita!.querySelectorAll('.prices li')].map(text)).toEqual(['Small$9.00', 'Large$14.50']);
    expect([...diavola!.querySelectorAll('.prices li')].map(text)).toEqual(['Large$16.00']);
    expect(text(caesar!.querySelector('.price'))).toBe('$8.25');
    expect(text(usd.querySelector('.terms'))).toBe('Delivered in 30–45 minDelivery fee $3.00Minimum order $15.00Free delivery over $40.00');

    // The kitchen's notice (issue 45) and, while busy, its extra minutes are in every quoted time.
    const busy = parse(render({ ...storefrontFixture(), min_lead_minutes: 15, busy_extra_minutes: 20, busy_until: '2026-11-27T20:00:00Z' }));
    expect(text(busy.querySelector('.terms li'))).toBe('Delivered in 65–80 min');
    expect([...busy.querySelectorAll('.card p')].map(text)).toContain('Ready for pickup in 45–55 min.');

    const gbp = parse(render(storefrontFixture({ currency: 'GBP' })));
    expect([...gbp.querySelectorAll('.item .price')].map(text)).toEqual(['£9.00', '£14.50', '£16.00', '£8.25']);
    expect(gbp.body.textContent).not.toContain('$');
  });

  it('says open or closed with the status label, today’s special day, the week’s hours and the days to come, in 12-hour time in the US', () => {
    const store = storefrontFixture();
    const friday = parse(render(store));
    expect(text(friday.querySelector('.status'))).toBe('Open now · closes 10:00 PM');
    expect(friday.querySelector('.status')!.className).toBe('status open');
    expect(friday.querySelector('.today-note')).toBeNull();
    const rows = [...friday.querySelectorAll('.hours tr')].map((row) => [text(row.querySelector('th')), text(row.querySelector('td'))]);
    expect(rows).toEqual([
      ['Monday', 'Closed'],
      ['Tuesday', '11:00 AM–2:00 PM, 5:00 PM–10:00 PM'],
      ['Wednesday', '11:00 AM–10:00 PM'],
      ['Thursday', '11:00 AM–10:00 PM'],
      ['Friday (today)', '11:00 AM–11:00 PM'],
      ['Saturday', '6:00 PM–2:00 AM'],
      ['Sunday', '12:00 PM–9:00 PM'],
    ]);
    expect(friday.querySelector('.hours tr[aria-current="date"] th')?.textContent).toContain('Friday');
    // Thanksgiving is past on Friday: only Christmas Eve is still to come.
    expect([...friday.querySelectorAll('.card ul.plain:not(.terms) li')].map(text)).toEqual(['Thursday, December 24: Open 11:00 AM–3:00 PM · Christmas Eve']);

    const closed = parse(render({ ...store, status: { open_now: false, label: 'Closed · opens tomorrow at 11:00', next_change_at: null } }, THANKSGIVING));
    expect(text(closed.querySelector('.status'))).toBe('Closed · opens tomorrow at 11:00');
    expect(closed.querySelector('.status')!.className).toBe('status closed');
    expect(text(closed.querySelector('.today-note'))).toBe('Closed today: Thanksgiving');

    const always = parse(render({ ...store, hours: { ...store.hours, open_247: true } }));
    expect([...always.querySelectorAll('.hours tr')].map(text)).toEqual(['Every dayOpen 24 hours']);
  });

  it('writes 24-hour times and the day before the month outside the US and Canada, and never an ISO date (issue 40)', () => {
    const store = storefrontFixture({ currency: 'GBP', country: 'United Kingdom' });
    const friday = parse(render(store));
    const rows = [...friday.querySelectorAll('.hours tr')].map((row) => text(row.querySelector('td')));
    expect(rows.slice(0, 2)).toEqual(['Closed', '11:00–14:00, 17:00–22:00']);
    expect([...friday.querySelectorAll('.card ul.plain:not(.terms) li')].map(text)).toEqual(['Thursday 24 December: Open 11:00–15:00 · Christmas Eve']);
    const christmasEve = { ...store.hours.special_days[1]!, date: FRIDAY.date };
    const special = parse(render({ ...store, hours: { ...store.hours, special_days: [christmasEve] } }));
    expect(text(special.querySelector('.today-note'))).toBe('Today: open 11:00–15:00 (Christmas Eve)');
    for (const script of special.querySelectorAll('script')) script.remove();
    expect(special.body.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it('names the restaurant in the title, the description, the canonical link and Open Graph, and loads its script', () => {
    const page = parse(render(storefrontFixture()));
    const meta = (selector: string) => page.querySelector(selector)?.getAttribute('content');
    expect(page.documentElement.getAttribute('lang')).toBe('en');
    expect(page.title).toBe("Luigi's Pizza · Order online");
    expect(meta('meta[name="description"]')).toBe('Wood-fired pizza and fresh pasta since 1987, made from scratch every morning.');
    expect(page.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://shop.example/luigis');
    expect(meta('meta[property="og:title"]')).toBe("Luigi's Pizza · Order online");
    expect(meta('meta[property="og:url"]')).toBe('https://shop.example/luigis');
    expect(meta('meta[property="og:image"]')).toBe('https://shop.example/uploads/logo.webp');
    expect(meta('meta[property="og:type"]')).toBeTruthy();
    expect(page.querySelector('script[type="module"]')?.getAttribute('src')).toBe('/assets/store-page-abc.js');
    expect(page.querySelectorAll('h1')).toHaveLength(1);
    expect(page.querySelectorAll('header, main, footer, nav[aria-label]')).toHaveLength(4);
    expect(page.querySelector('a[href="tel:2175550101"]')).not.toBeNull();
    expect([...page.querySelectorAll('.catnav a')].map((link) => [link.getAttribute('href'), text(link)])).toEqual([
      ['#category-11', 'Pizza'],
      ['#category-12', 'Salads'],
    ]);

    const long = storefrontFixture();
    long.restaurant.about = `${'Pizza and pasta made by hand. '.repeat(10)}`;
    long.restaurant.logo_url = null;
    const trimmed = parse(render(long, FRIDAY, null));
    const description = trimmed.querySelector('meta[name="description"]')!.getAttribute('content')!;
    expect(description.length).toBeLessThanOrEqual(155);
    expect(description).toMatch(/hand\.…$/);
    expect(trimmed.querySelector('meta[property="og:image"]')).toBeNull();
    expect(trimmed.querySelector('script[type="module"]')).toBeNull();
    long.restaurant.about = '';
    expect(parse(render(long)).querySelector('meta[name="description"]')!.getAttribute('content')).toBe(
      "Luigi's Pizza in Springfield: see the menu, prices and opening hours, and order online.",
    );
  });

  it('carries a schema.org Restaurant with its address, opening hours, special days and menu with offers per size', () => {
    const data = jsonLdOf(render(storefrontFixture()));
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Restaurant',
      name: "Luigi's Pizza",
      url: 'https://shop.example/luigis',
      telephone: '(217) 555-0101',
      address: { '@type': 'PostalAddress', streetAddress: '12 Market St', addressLocality: 'Springfield', addressRegion: 'IL', postalCode: '62701' },
    });
    const hours = (data.openingHoursSpecification as Thing[]).map(({ dayOfWeek, opens, closes, validFrom, validThrough }) => ({
      dayOfWeek,
      opens,
      closes,
      validFrom,
      validThrough,
    }));
    expect(hours).toEqual([
      { dayOfWeek: 'https://schema.org/Tuesday', opens: '11:00', closes: '14:00' },
      { dayOfWeek: 'https://schema.org/Tuesday', opens: '17:00', closes: '22:00' },
      { dayOfWeek: 'https://schema.org/Wednesday', opens: '11:00', closes: '22:00' },
      { dayOfWeek: 'https://schema.org/Thursday', opens: '11:00', closes: '22:00' },
      { dayOfWeek: 'https://schema.org/Friday', opens: '11:00', closes: '23:00' },
      // Overnight: it opens Saturday and closes at 02:00, written on the day it opens.
      { dayOfWeek: 'https://schema.org/Saturday', opens: '18:00', closes: '02:00' },
      { dayOfWeek: 'https://schema.org/Sunday', opens: '12:00', closes: '21:00' },
      { opens: '00:00', closes: '00:00', validFrom: '2026-11-26', validThrough: '2026-11-26' },
      { opens: '11:00', closes: '15:00', validFrom: '2026-12-24', validThrough: '2026-12-24' },
    ]);
    const [pizza, salads] = data.hasMenu.hasMenuSection;
    expect(pizza).toMatchObject({
      '@type': 'MenuSection',
      name: 'Pizza',
      description: 'Stone-baked, 72-hour dough.',
      image: 'https://shop.example/uploads/pizza.webp',
    });
    expect(pizza.hasMenuItem[0]).toEqual({
      '@type': 'MenuItem',
      name: 'Margherita',
      description: 'Tomato, mozzarella, basil.',
      image: 'https://shop.example/uploads/margherita.webp',
      offers: [
        { '@type': 'Offer', name: 'Small', price: '9.00', priceCurrency: 'USD' },
        { '@type': 'Offer', name: 'Large', price: '14.50', priceCurrency: 'USD' },
      ],
    });
    expect(salads.hasMenuItem[0].offers).toEqual([{ '@type': 'Offer', price: '8.25', priceCurrency: 'USD' }]);

    const store = storefrontFixture();
    const always = jsonLdOf(render({ ...store, hours: { ...store.hours, open_247: true, special_days: [] } })).openingHoursSpecification as Thing[];
    expect(always).toHaveLength(7);
    expect(always.every((spec) => spec.opens === '00:00' && spec.closes === '23:59')).toBe(true);
  });

  it('escapes an owner’s markup and quotes in every text field, in the markup and in the JSON blocks', () => {
    const hostile = `<script>alert(1)</script> "Joe's" & <b>`;
    const store = storefrontFixture({ name: hostile });
    store.restaurant.about = hostile;
    store.restaurant.public_phone = hostile;
    store.restaurant.contact_email = hostile;
    store.restaurant.address!.street = hostile;
    store.hours.special_days[0]!.note = hostile;
    const [pizza] = store.categories;
    pizza!.name = hostile;
    pizza!.description = hostile;
    pizza!.sizes[0]!.name = hostile;
    pizza!.items[0]!.name = hostile;
    pizza!.items[0]!.description = hostile;
    pizza!.extra_groups[0]!.selections[0]!.name = hostile;
    const page = render(store, THANKSGIVING);
    // The page's own three scripts are the only ones: none of the owner's text became markup.
    expect(page.match(/<script/g)).toHaveLength(3);
    expect(page).not.toContain('<b>');
    expect(page).not.toContain('alert(1)</script>');
    const ldBlock = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page)![1]!;
    expect(ldBlock).not.toContain('<');
    expect(ldBlock).toContain('\\u003cscript\\u003ealert(1)');
    const dataBlock = /<script type="application\/json" id="store-data">(.*?)<\/script>/s.exec(page)![1]!;
    expect(dataBlock).not.toContain('<');

    const parsed = parse(page);
    expect(parsed.title).toBe(`${hostile} · Order online`);
    expect(text(parsed.querySelector('h1'))).toBe(hostile.replace(/\s+/g, ' '));
    expect(parsed.querySelector('meta[name="description"]')!.getAttribute('content')).toBe(hostile);
    expect(text(parsed.querySelector('.today-note'))).toBe(`Closed today: ${hostile}`);
    expect(text(parsed.querySelector('.item h3'))).toBe(hostile);
    expect(parsed.querySelector('.item button')!.getAttribute('aria-label')).toBe(`Details: ${hostile}`);
    expect(JSON.parse(ldBlock).name).toBe(hostile);
    expect(JSON.parse(dataBlock).store.categories[0].extra_groups[0].selections[0].name).toBe(hostile);
  });

  it('writes in its data block exactly the props its HTML was rendered from, which the browser hydrates with (issue 42)', () => {
    const page = render(storefrontFixture(), THANKSGIVING);
    const state = JSON.parse(/<script type="application\/json" id="store-data">(.*?)<\/script>/s.exec(page)![1]!) as StorePageState;
    const root = /<div id="page-root">(.*)<\/div><script type="application\/json"/s.exec(page)![1]!;
    // The browser's first render (before its own parts appear) is this very markup: nothing to mismatch.
    expect(root).toBe(renderToString(createElement(StoreRoot, state)));
    expect(state.today).toEqual(THANKSGIVING);
  });
});
