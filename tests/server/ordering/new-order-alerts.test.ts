import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PlacedOrder, PlaceOrderBody } from '#contracts/ordering';
import type { Storefront } from '#contracts/storefront';
import type { MailMessage } from '#server/domain/shared/mail';
import { findOrCreateUserByEmail, grantStaff } from '#server/domain/accounts/users';
import { EVERY_DAY_9_TO_21 } from '#tests/fixtures/storefront/hours';
import { seedStore, type OwnerCall } from '#tests/fixtures/storefront/seed-store';
import { accessTokenFor, memoryMailer } from '../accounts/auth-helpers';
import { injectedOwner } from '../owner-calls';
import { testAppForFile } from '../test-app';

/**
 * The restaurant hears about every new order (issue 40, item 3): a mail to its contact address,
 * on unless the owner turns it off in the Notifications section of its settings, sent after the
 * order is stored and never at the order's expense. One server for the file: blue-door (contact
 * hello@bluedoor.example, open 09:00 to 21:00 in Chicago) and red-door, another owner's.
 */
const PUBLIC_URL = 'https://order.example.com';
const CONTACT = 'hello@bluedoor.example';
const CUSTOMER = { name: 'Ada Lovelace', phone: '+1 312 555 0199', email: 'ada@example.com' };

/** The test's mail server: it keeps what it is given, and refuses the restaurant's mail while `failing`. */
const kept = memoryMailer();
let failing = false;
const mailer = {
  sent: kept.sent,
  async send(message: MailMessage) {
    if (failing && message.to === CONTACT) throw new Error('mail server down');
    await kept.send(message);
  },
};

const t = testAppForFile({ clock: () => new Date('2026-11-25T18:00:00Z'), mailer, config: { publicUrl: PUBLIC_URL, orderLimitPerMinute: 100_000 } });
let blue: { call: OwnerCall; restaurantId: number };
let red: { call: OwnerCall; restaurantId: number };
let order: PlaceOrderBody;
let superadmin = '';

beforeAll(async () => {
  blue = await injectedOwner(t, 'blue@example.com');
  await seedStore(blue.call, blue.restaurantId, { slug: 'blue-door', categories: 1, itemsPerCategory: 1 });
  await blue.call('PUT', `/onboarding/${blue.restaurantId}/hours/`, EVERY_DAY_9_TO_21);
  red = await injectedOwner(t, 'red@example.com');
  const store: Storefront = (await t.app.inject({ method: 'GET', url: '/api/v2/storefront/blue-door/' })).json();
  const pizza = store.categories[0]!;
  const line = { item_id: pizza.items[0]!.id, size_id: pizza.sizes[0]!.id, quantity: 2, extra_selection_ids: [pizza.extra_groups[0]!.selections[0]!.id] };
  order = { fulfilment: 'pickup', lines: [line], customer: CUSTOMER, scheduled_for: null, note: 'No onions' };
  superadmin = await accessTokenFor(t, 'root@example.com');
  const { user } = await findOrCreateUserByEmail(t.database.db, { email: 'root@example.com' });
  await grantStaff(t.database.db, user.id, { superadmin: true });
});
beforeEach(async () => {
  failing = false;
  mailer.sent.length = 0;
  await t.database.query('delete from restaurant_notification_settings');
});

let keys = 0;
async function place(): Promise<PlacedOrder> {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/v2/storefront/blue-door/orders/',
    payload: order,
    headers: { 'idempotency-key': `k-${(keys += 1)}` },
  });
  expect(answer.statusCode).toBe(201);
  await t.app.backgroundSettled();
  return answer.json();
}
const mailsTo = (to: string) => mailer.sent.filter((mail) => mail.to === to);
const settingsUrl = (restaurantId: number) => `/restaurants/${restaurantId}/settings/notifications/`;

describe('the mail to the restaurant on a new order', { timeout: 30_000 }, () => {
  it('mails the contact address the number, the customer, what was ordered and a link to the board', async () => {
    const placed = await place();
    const [mail] = mailsTo(CONTACT);
    expect(mailsTo(CONTACT)).toHaveLength(1);
    expect(mail!.subject).toBe(`New order #${placed.number}: pickup as soon as possible`);
    for (const part of [mail!.text, mail!.html]) {
      expect(part).toContain('Ada Lovelace, +1 312 555 0199, ada@example.com');
      expect(part).toContain('Note: No onions');
      expect(part).toContain(`Total: $${placed.total.toFixed(2)}`);
      expect(part).toContain(`Pay at pickup: $${placed.total.toFixed(2)}.`);
      expect(part).toContain(`${PUBLIC_URL}/backoffice/orders`);
    }
    // The customer's confirmation goes out as before.
    expect(mailsTo(CUSTOMER.email)).toHaveLength(1);
  });

  it('sends none once the owner turns it off, and again once turned back on', async () => {
    expect(await blue.call('PUT', settingsUrl(blue.restaurantId), { new_order_mail: false })).toEqual({ status: 200, body: { new_order_mail: false } });
    await place();
    expect(mailsTo(CONTACT)).toEqual([]);
    expect(mailsTo(CUSTOMER.email)).toHaveLength(1);
    await blue.call('PUT', settingsUrl(blue.restaurantId), { new_order_mail: true });
    await place();
    expect(mailsTo(CONTACT)).toHaveLength(1);
  });

  it('keeps the order when the mail server refuses the restaurant’s mail', async () => {
    failing = true;
    const placed = await place();
    expect(mailsTo(CONTACT)).toEqual([]);
    const [stored] = await t.database.query('select status from orders where id = $1', [placed.id]);
    expect(stored).toEqual({ status: 'placed' });
    expect(mailsTo(CUSTOMER.email)).toHaveLength(1);
  });
});

describe('GET and PUT /api/v2/restaurants/{id}/settings/notifications/', { timeout: 30_000 }, () => {
  it('answers the default (mail on) until saved, then what was saved', async () => {
    expect(await blue.call('GET', settingsUrl(blue.restaurantId))).toEqual({ status: 200, body: { new_order_mail: true } });
    await blue.call('PUT', settingsUrl(blue.restaurantId), { new_order_mail: false });
    expect(await blue.call('GET', settingsUrl(blue.restaurantId))).toEqual({ status: 200, body: { new_order_mail: false } });
  });

  it('answers 404 to another owner and changes nothing; an administrator may read and change it', async () => {
    for (const method of ['GET', 'PUT'] as const) {
      const answer = await red.call(method, settingsUrl(blue.restaurantId), method === 'PUT' ? { new_order_mail: false } : undefined);
      expect([answer.status, (answer.body as { code: string }).code]).toEqual([404, 'not_found']);
    }
    expect((await blue.call('GET', settingsUrl(blue.restaurantId))).body).toEqual({ new_order_mail: true });
    const asAdmin = await t.app.inject({
      method: 'PUT',
      url: `/api/v2${settingsUrl(blue.restaurantId)}`,
      payload: { new_order_mail: false },
      headers: { authorization: `Bearer ${superadmin}` },
    });
    expect([asAdmin.statusCode, asAdmin.json()]).toEqual([200, { new_order_mail: false }]);
  });

  it('refuses a body that is not a yes or no, naming the field', async () => {
    const answer = await blue.call('PUT', settingsUrl(blue.restaurantId), { new_order_mail: 'yes' });
    expect([answer.status, Object.keys((answer.body as { fields: object }).fields)]).toEqual([400, ['new_order_mail']]);
  });
});
