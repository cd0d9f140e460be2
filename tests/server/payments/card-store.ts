import type { AddressInfo } from 'node:net';
import type { Storefront } from '#contracts/storefront';
import type { Database } from '#server/db/database';
import type { Mailer } from '#server/domain/shared/mail';
import { startStripeDouble, type StripeDouble } from '#tests/doubles/stripe/stripe-double';
import { seedStore, type OwnerCall } from '#tests/fixtures/storefront/seed-store';
import { injectedOwner } from '../owner-calls';
import { createTestApp, type TestApp } from '../test-app';

export type CardStore = {
  stripe: StripeDouble;
  t: TestApp;
  owner: { call: OwnerCall; restaurantId: number };
  /** The store's first dish with a size and a crust (its category asks for both). */
  menu: { dish: number; size: number; crust: number };
  webhookSecret: string;
  close: () => Promise<void>;
};

/**
 * A launched store that takes cards (issue 44), on an app listening on a port so the Stripe
 * double's signed webhooks reach it as Stripe's would: what the card payment tests share.
 */
export async function startCardStore(options: {
  slug: string;
  ownerEmail: string;
  mailer: Mailer;
  clock?: () => Date;
  /** The database to serve, when a server process of the test's own serves it too; else a fresh one. */
  database?: Database;
}): Promise<CardStore> {
  const webhookSecret = `whsec_${options.slug}_test_secret`;
  const stripe = await startStripeDouble({ webhookSecret });
  const t = await createTestApp({
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.database ? { database: options.database } : {}),
    mailer: options.mailer,
    config: { orderLimitPerMinute: 100_000, stripe: { secretKey: stripe.secretKey, webhookSecret, apiUrl: stripe.url } },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  stripe.setWebhookUrl(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v2/payments/stripe/webhook/`);
  const owner = await injectedOwner(t, options.ownerEmail);
  await seedStore(owner.call, owner.restaurantId, { slug: options.slug, categories: 1, itemsPerCategory: 1 });
  await owner.call('PUT', `/restaurants/${owner.restaurantId}/settings/payments/`, { card_online: true, in_person: true });
  const store: Storefront = (await t.app.inject({ method: 'GET', url: `/api/v2/storefront/${options.slug}/` })).json();
  const pizza = store.categories[0]!;
  const menu = { dish: pizza.items[0]!.id, size: pizza.sizes[0]!.id, crust: pizza.extra_groups[0]!.selections[0]!.id };
  return {
    stripe,
    t,
    owner,
    menu,
    webhookSecret,
    close: async () => {
      await t.close();
      await stripe.close();
    },
  };
}
