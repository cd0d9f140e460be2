import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TaxSettingsAnswer, TipSettings } from '#contracts/ordering/order-settings';
import type { PaymentSettingsAnswer } from '#contracts/ordering/payment-settings';
import type { Storefront } from '#contracts/storefront';
import { seedStore, type OwnerCall } from '#tests/fixtures/storefront/seed-store';
import { injectedOwner } from '../owner-calls';
import { createTestApp, testAppForFile } from '../test-app';

/**
 * The store's money block (issue 43): whether its prices include tax, the tips it offers and how
 * a customer may pay (issue 44), as the owner's Taxes, Tips and Payments settings say (their
 * defaults while never saved, which the storefront restates: server/domain/storefront/store-money.ts),
 * and a change of any is a new version of the store (a new ETag), so no cached page or copy keeps
 * the old words. On a platform with Stripe keys (the keys are never used here: nothing is paid).
 */
const t = testAppForFile({ config: { stripe: { secretKey: 'sk_test_unused', webhookSecret: 'whsec_unused', apiUrl: 'http://127.0.0.1:9' } } });
type Owner = { call: OwnerCall; restaurantId: number; slug: string };
const PLACES = {
  us: { country: 'United States', street: '1 Congress Ave', city: 'Austin', state: 'TX', zip_code: '78701' },
  uk: { country: 'United Kingdom', street: '1 Strand', city: 'London', state: 'EN', zip_code: 'WC2N 5HR' },
  ca: { country: 'Canada', street: '1 King St W', city: 'Toronto', state: 'ON', zip_code: 'M5H 1A1' },
};
const owners = {} as Record<keyof typeof PLACES, Owner>;

beforeAll(async () => {
  for (const [key, location] of Object.entries(PLACES) as [keyof typeof PLACES, (typeof PLACES)['us']][]) {
    const owner = await injectedOwner(t, `${key}@example.com`);
    await seedStore(owner.call, owner.restaurantId, { slug: `${key}-money`, categories: 1, itemsPerCategory: 1, location });
    owners[key] = { ...owner, slug: `${key}-money` };
  }
});
beforeEach(async () => {
  for (const table of ['restaurant_tax_category_rates', 'restaurant_tax_settings', 'restaurant_tip_settings', 'restaurant_payment_settings'])
    await t.database.query(`delete from ${table}`);
});

const storeOf = async (owner: Owner) => {
  const answer = await t.app.inject({ method: 'GET', url: `/api/v2/storefront/${owner.slug}/` });
  return { store: answer.json() as Storefront, etag: answer.headers.etag };
};
const settingsOf = async (owner: Owner) => ({
  taxes: (await owner.call('GET', `/restaurants/${owner.restaurantId}/settings/taxes/`)).body as TaxSettingsAnswer,
  tips: (await owner.call('GET', `/restaurants/${owner.restaurantId}/settings/tips/`)).body as TipSettings,
  payments: (await owner.call('GET', `/restaurants/${owner.restaurantId}/settings/payments/`)).body as PaymentSettingsAnswer,
});

describe('the store’s money block', { timeout: 30_000 }, () => {
  it('states the owner’s defaults while nothing is saved, in every country the defaults know', async () => {
    for (const owner of Object.values(owners)) {
      const { taxes, tips, payments } = await settingsOf(owner);
      expect(payments).toEqual({ card_online: false, in_person: true, card_available: true });
      expect((await storeOf(owner)).store.money).toEqual({ prices_include_tax: taxes.prices_include_tax, tips, payment_methods: ['in_person'] });
    }
    expect((await storeOf(owners.uk)).store.money?.prices_include_tax).toBe(true);
    expect((await storeOf(owners.us)).store.money?.prices_include_tax).toBe(false);
  });

  it('follows what the owner saves, under a new ETag', async () => {
    const before = await storeOf(owners.us);
    await owners.us.call('PUT', `/restaurants/${owners.us.restaurantId}/settings/taxes/`, {
      prices_include_tax: true,
      default_rate: 8.25,
      delivery_fee_taxable: false,
      category_rates: [],
    });
    await owners.us.call('PUT', `/restaurants/${owners.us.restaurantId}/settings/tips/`, { enabled: true, choices: [12.5, 18], allow_custom: false });
    const after = await storeOf(owners.us);
    expect(after.store.money).toEqual({
      prices_include_tax: true,
      tips: { enabled: true, choices: [12.5, 18], allow_custom: false },
      payment_methods: ['in_person'],
    });
    expect(after.etag).not.toBe(before.etag);
  });

  it('offers what the owner accepts, card first, each change under a new ETag', async () => {
    const url = `/restaurants/${owners.ca.restaurantId}/settings/payments/`;
    const seen = [(await storeOf(owners.ca)).etag];
    for (const [settings, offered] of [
      [{ card_online: true, in_person: true }, ['card', 'in_person']],
      [{ card_online: true, in_person: false }, ['card']],
      [{ card_online: false, in_person: true }, ['in_person']],
    ] as const) {
      expect(await owners.ca.call('PUT', url, settings)).toEqual({ status: 200, body: { ...settings, card_available: true } });
      const { store, etag } = await storeOf(owners.ca);
      expect(store.money?.payment_methods).toEqual(offered);
      expect(seen).not.toContain(etag);
      seen.push(etag);
    }
  });

  it('is another ETag on a server without the platform’s card keys, though the restaurant did not change', async () => {
    await owners.us.call('PUT', `/restaurants/${owners.us.restaurantId}/settings/payments/`, { card_online: true, in_person: true });
    const withKeys = await storeOf(owners.us);
    // The same database served by a process started without STRIPE_*: no card, and a client holding the page must not get 304.
    const keyless = await createTestApp({ database: t.database });
    try {
      const answer = await keyless.app.inject({ method: 'GET', url: `/api/v2/storefront/${owners.us.slug}/`, headers: { 'if-none-match': withKeys.etag! } });
      expect(answer.statusCode).toBe(200);
      expect((answer.json() as Storefront).version).toBe(withKeys.store.version);
      expect((answer.json() as Storefront).money?.payment_methods).toEqual(['in_person']);
    } finally {
      await keyless.close();
    }
  });
});
