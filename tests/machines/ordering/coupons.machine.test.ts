import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import type { Coupon } from '#contracts/ordering/coupons';
import { BLANK_COUPON, VALUE_MISSING, type CouponForm } from '#src/machines/ordering/coupon-form';
import { couponsMachine, type CouponSaveInput, type CouponsLoaded, type CouponsLoadInput } from '#src/machines/ordering/coupons.machine';
import { ApiError } from '#src/services/shared/api';
import { provideChecked } from '../../support/contract-double';
import { assertWalksCover } from '../../support/path-coverage';

const coupon = (id: number, over: Partial<Coupon> = {}): Coupon => ({
  id,
  restaurant_id: 42,
  code: `CODE${id}`,
  kind: 'percent',
  value: 10,
  min_subtotal: 0,
  starts_on: null,
  ends_on: null,
  max_uses: null,
  max_uses_per_customer: null,
  first_order_only: false,
  active: true,
  uses: 0,
  given_away: 0,
  ...over,
});

const page = (count: number, ids: number[]): CouponsLoaded => ({ coupons: ids.map((id) => coupon(id)), count, currency: 'USD' });
const loads = (answer: () => CouponsLoaded) => fromPromise<CouponsLoaded, CouponsLoadInput>(async () => answer());

describe('coupons machine (issue 43)', () => {
  it('reaches every state and transition: no restaurant, the page past the end, refusals and failures', () => {
    const events = [
      { type: 'xstate.done.actor.loadCoupons', output: page(45, [1, 2]) },
      { type: 'xstate.done.actor.loadCoupons', output: page(10, []) },
      { type: 'xstate.error.actor.loadCoupons', error: new Error('HTTP 503') },
      { type: 'xstate.done.actor.saveCoupon', output: coupon(1) },
      { type: 'xstate.error.actor.saveCoupon', error: new Error('HTTP 409') },
      { type: 'xstate.done.actor.deleteCoupon' },
      { type: 'xstate.error.actor.deleteCoupon', error: new Error('HTTP 503') },
      { type: 'list.retry' },
      { type: 'page.next' },
      { type: 'page.previous' },
      { type: 'coupon.new' },
      { type: 'coupon.edit', id: 1 },
      { type: 'coupon.delete', id: 1 },
      { type: 'field.change', field: 'value', value: '15' },
      { type: 'form.submit' },
      { type: 'form.close' },
    ];
    assertWalksCover(couponsMachine, [
      { input: { restaurantId: 42 }, events, limit: 20_000, skip: ['field.change'] },
      { input: { restaurantId: 42 }, events: events.filter((event) => !event.type.includes('Coupons') || event.type.includes('done')), limit: 20_000 },
      { input: { restaurantId: null }, events },
    ]);
  });

  it('refuses a form the contract refuses without a call, each sentence on its field, and sends the one it takes', async () => {
    const saved: { id: number | null; form: CouponForm }[] = [];
    const actor = createActor(
      provideChecked(couponsMachine, {
        actors: {
          loadCoupons: loads(() => page(1, [1])),
          saveCoupon: fromPromise<Coupon, CouponSaveInput>(async ({ input }) => {
            saved.push({ id: input.id, form: input.form });
            return coupon(9, { code: input.form.code });
          }),
        },
      }),
      { input: { restaurantId: 42 } },
    );
    const refused = vi.fn();
    const savedEffect = vi.fn();
    actor.on('form.refused', refused);
    actor.on('coupon.saved', savedEffect);
    actor.start();
    await waitFor(actor, (snapshot) => snapshot.hasTag('ready'));
    actor.send({ type: 'coupon.new' });
    actor.send({ type: 'field.change', field: 'code', value: 'SUMMER 10' });
    actor.send({ type: 'field.change', field: 'starts_on', value: '2026-12-31' });
    actor.send({ type: 'field.change', field: 'ends_on', value: '2026-12-01' });
    actor.send({ type: 'form.submit' });
    expect(refused).toHaveBeenCalledTimes(1);
    expect(saved).toEqual([]);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ value: VALUE_MISSING, ends_on: 'The last day cannot be before the first day.' });
    // Typing in a field takes its sentence away.
    actor.send({ type: 'field.change', field: 'value', value: '150' });
    expect(actor.getSnapshot().context.fieldErrors.value).toBeUndefined();
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.fieldErrors.value).toBe('A percent coupon takes off a whole percentage from 1 to 100.');
    actor.send({ type: 'field.change', field: 'value', value: '15' });
    actor.send({ type: 'field.change', field: 'ends_on', value: '' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.hasTag('ready'));
    expect(saved).toEqual([{ id: null, form: { ...BLANK_COUPON, code: 'SUMMER 10', value: '15', starts_on: '2026-12-31' } }]);
    expect(savedEffect).toHaveBeenCalledWith(expect.objectContaining({ code: 'SUMMER 10', created: true }));
  });

  it('puts the server’s refusal on its field and keeps the form open with what was typed', async () => {
    const actor = createActor(
      provideChecked(couponsMachine, {
        actors: {
          loadCoupons: loads(() => page(1, [1])),
          saveCoupon: fromPromise<Coupon, CouponSaveInput>(async () => {
            const sentence = 'Another coupon of this restaurant already has this code (capitals and spaces do not make a code different).';
            throw new ApiError(sentence, { status: 409, code: 'duplicate', fields: { code: sentence } });
          }),
        },
      }),
      { input: { restaurantId: 42 } },
    ).start();
    await waitFor(actor, (snapshot) => snapshot.hasTag('ready'));
    actor.send({ type: 'coupon.edit', id: 1 });
    expect(actor.getSnapshot().context.form).toMatchObject({ code: 'CODE1', kind: 'percent', value: '10', min_subtotal: '' });
    actor.send({ type: 'field.change', field: 'code', value: 'code 2' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => !snapshot.hasTag('saving'));
    const { context } = actor.getSnapshot();
    expect(actor.getSnapshot().hasTag('editing')).toBe(true);
    expect(context.fieldErrors.code).toMatch(/already has this code/);
    expect(context.form.code).toBe('code 2');
  });

  it('pages as the server pages, goes back to the last page when a delete empties this one, and says which coupon went', async () => {
    const asked: number[] = [];
    let count = 21;
    const actor = createActor(
      provideChecked(couponsMachine, {
        actors: {
          loadCoupons: fromPromise<CouponsLoaded, CouponsLoadInput>(async ({ input }) => {
            asked.push(input.page);
            const onPage = input.page === 1 ? Array.from({ length: Math.min(count, 20) }, (_, at) => at + 1) : count > 20 ? [21] : [];
            return { coupons: onPage.map((id) => coupon(id)), count, currency: 'GBP' };
          }),
          deleteCoupon: fromPromise<void, { id: number }>(async () => {
            count -= 1;
          }),
        },
      }),
      { input: { restaurantId: 42 } },
    );
    const deleted = vi.fn();
    actor.on('coupon.deleted', deleted);
    actor.start();
    await waitFor(actor, (snapshot) => snapshot.hasTag('ready'));
    actor.send({ type: 'page.previous' });
    actor.send({ type: 'page.next' });
    await waitFor(actor, (snapshot) => snapshot.hasTag('ready') && snapshot.context.page === 2);
    actor.send({ type: 'page.next' });
    actor.send({ type: 'coupon.delete', id: 99 });
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
    actor.send({ type: 'coupon.delete', id: 21 });
    await waitFor(actor, (snapshot) => snapshot.hasTag('ready'));
    expect(deleted).toHaveBeenCalledWith(expect.objectContaining({ code: 'CODE21' }));
    expect(asked).toEqual([1, 2, 2, 1]);
    expect(actor.getSnapshot().context).toMatchObject({ page: 1, currency: 'GBP' });
  });
});
