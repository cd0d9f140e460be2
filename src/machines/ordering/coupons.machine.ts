import { assign, emit, fromPromise, setup } from 'xstate';
import type { Coupon } from '../../../contracts/ordering/coupons';
import type { Currency } from '../../../contracts/shared/restaurants';
import { createCoupon, deleteCoupon, listCoupons, loadCouponCurrency, updateCoupon, type CouponPage } from '../../services/ordering/coupons';
import { errorText } from '../../services/shared/error-text';
import { BLANK_COUPON, bodyOf, couponFormErrors, formOf, type CouponField, type CouponForm } from './coupon-form';

/**
 * The Coupons screen (issue 43, `/backoffice/coupons`, `/admin/coupons`): the restaurant's
 * coupons a page at a time, as the server pages them; one created or edited in a form at a time;
 * one deleted after the view asked.
 *
 *   choosing --> noRestaurant (an administrator with none chosen) | loading
 *   loading --done--> list ; --done, past the last page--> loading (the last page) ; --error--> failed --list.retry--> loading
 *   list --page.next / page.previous--> loading ; --coupon.new / coupon.edit--> form ; --coupon.delete--> deleting
 *   form --field.change--> form ; --form.submit, refused by the contract--> form (emits `form.refused`)
 *        --form.submit--> saving --done--> loading (emits `coupon.saved`) ; --error--> form (the server's sentences, emits `form.refused`)
 *        --form.close--> list
 *   deleting --done--> loading (emits `coupon.deleted`) ; --error--> list (the sentence in `listError`)
 *
 * Tags: `loading`, `ready` (the list can be acted on), `failed`, `noRestaurant`, `editing`
 * (the form is open), `saving`, `deleting`.
 */
export const COUPONS_PAGE_SIZE = 20;

export const pageCount = (count: number) => Math.max(1, Math.ceil(count / COUPONS_PAGE_SIZE));

export type CouponsInput = { restaurantId: number | null };

export type CouponsContext = {
  restaurantId: number | null;
  /** Read with the first page; null until then. */
  currency: Currency | null;
  page: number;
  result: CouponPage | null;
  loadError: string | null;
  /** A delete the server refused, said above the list. */
  listError: string | null;
  form: CouponForm;
  /** The coupon being edited; null for a new one. */
  editingId: number | null;
  fieldErrors: Partial<Record<CouponField, string>>;
  formError: string | null;
};

export type CouponsEvent =
  | { type: 'page.next' }
  | { type: 'page.previous' }
  | { type: 'list.retry' }
  | { type: 'coupon.new' }
  | { type: 'coupon.edit'; id: number }
  | { type: 'coupon.delete'; id: number }
  | { type: 'field.change'; field: CouponField; value: string | boolean }
  | { type: 'form.submit' }
  | { type: 'form.close' };

export type CouponsEmitted = { type: 'form.refused' } | { type: 'coupon.saved'; code: string; created: boolean } | { type: 'coupon.deleted'; code: string };

export type CouponsLoaded = CouponPage & { currency: Currency };
export type CouponsLoadInput = { restaurantId: number; page: number; currency: Currency | null };
export type CouponSaveInput = { restaurantId: number; id: number | null; form: CouponForm };

const codeOf = (context: CouponsContext, id: number) => context.result?.coupons.find((coupon) => coupon.id === id)?.code ?? '';

export const couponsMachine = setup({
  types: {
    input: {} as CouponsInput,
    context: {} as CouponsContext,
    events: {} as CouponsEvent,
    emitted: {} as CouponsEmitted,
  },
  actors: {
    loadCoupons: fromPromise<CouponsLoaded, CouponsLoadInput>(async ({ input }) => {
      const [page, currency] = await Promise.all([
        listCoupons({ restaurantId: input.restaurantId, page: input.page, pageSize: COUPONS_PAGE_SIZE }),
        input.currency ?? loadCouponCurrency({ restaurantId: input.restaurantId }),
      ]);
      return { ...page, currency };
    }),
    saveCoupon: fromPromise<Coupon, CouponSaveInput>(({ input }) =>
      input.id === null
        ? createCoupon({ restaurantId: input.restaurantId, body: bodyOf(input.form) })
        : updateCoupon({ id: input.id, body: bodyOf(input.form) }),
    ),
    deleteCoupon: fromPromise<void, { id: number }>(({ input }) => deleteCoupon(input)),
  },
  guards: {
    hasRestaurant: ({ context }) => context.restaurantId !== null,
    pastTheEnd: ({ context }, params: { loaded: CouponsLoaded }) => params.loaded.coupons.length === 0 && context.page > pageCount(params.loaded.count),
    hasNextPage: ({ context }) => context.result !== null && context.page < pageCount(context.result.count),
    hasPreviousPage: ({ context }) => context.page > 1,
    onThePage: ({ context, event }) =>
      (event.type === 'coupon.edit' || event.type === 'coupon.delete') && (context.result?.coupons.some((coupon) => coupon.id === event.id) ?? false),
    formValid: ({ context }) => Object.keys(couponFormErrors(context.form)).length === 0,
  },
}).createMachine({
  id: 'coupons',
  context: ({ input }) => ({
    restaurantId: input.restaurantId,
    currency: null,
    page: 1,
    result: null,
    loadError: null,
    listError: null,
    form: BLANK_COUPON,
    editingId: null,
    fieldErrors: {},
    formError: null,
  }),
  initial: 'choosing',
  states: {
    choosing: { always: [{ guard: 'hasRestaurant', target: 'loading' }, { target: 'noRestaurant' }] },
    noRestaurant: { tags: ['noRestaurant'] },
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadCoupons',
        src: 'loadCoupons',
        input: ({ context }) => ({ restaurantId: context.restaurantId ?? 0, page: context.page, currency: context.currency }),
        onDone: [
          {
            guard: { type: 'pastTheEnd', params: ({ event }) => ({ loaded: event.output }) },
            target: 'loading',
            reenter: true,
            actions: assign(({ event }) => ({ page: pageCount(event.output.count), currency: event.output.currency })),
          },
          {
            target: 'list',
            actions: assign(({ event }) => ({
              result: { coupons: event.output.coupons, count: event.output.count },
              currency: event.output.currency,
              loadError: null,
            })),
          },
        ],
        onError: {
          target: 'failed',
          actions: assign(({ event }) => ({ result: null, loadError: errorText(event.error, 'The coupons could not be loaded.').message })),
        },
      },
    },
    failed: { tags: ['failed'], on: { 'list.retry': 'loading' } },
    list: {
      tags: ['ready'],
      on: {
        'page.next': { guard: 'hasNextPage', target: 'loading', actions: assign(({ context }) => ({ page: context.page + 1, listError: null })) },
        'page.previous': { guard: 'hasPreviousPage', target: 'loading', actions: assign(({ context }) => ({ page: context.page - 1, listError: null })) },
        'coupon.new': {
          target: 'form',
          actions: assign({ form: BLANK_COUPON, editingId: null, fieldErrors: {}, formError: null, listError: null }),
        },
        'coupon.edit': {
          guard: 'onThePage',
          target: 'form',
          actions: assign(({ context, event }) => {
            const coupon = context.result?.coupons.find((row) => row.id === event.id);
            return { form: coupon ? formOf(coupon) : BLANK_COUPON, editingId: event.id, fieldErrors: {}, formError: null, listError: null };
          }),
        },
        'coupon.delete': { guard: 'onThePage', target: 'deleting' },
      },
    },
    form: {
      tags: ['editing'],
      on: {
        'field.change': {
          actions: assign(({ context, event }) => {
            const { [event.field]: _fixed, ...fieldErrors } = context.fieldErrors;
            return { form: { ...context.form, [event.field]: event.value }, fieldErrors };
          }),
        },
        'form.submit': [
          { guard: 'formValid', target: 'saving', actions: assign({ fieldErrors: {}, formError: null }) },
          {
            actions: [
              assign(({ context }) => ({
                fieldErrors: couponFormErrors(context.form),
                formError: 'Some fields need a change before the coupon can be saved.',
              })),
              emit({ type: 'form.refused' } as const),
            ],
          },
        ],
        'form.close': 'list',
      },
    },
    saving: {
      tags: ['editing', 'saving'],
      invoke: {
        id: 'saveCoupon',
        src: 'saveCoupon',
        input: ({ context }) => ({ restaurantId: context.restaurantId ?? 0, id: context.editingId, form: context.form }),
        onDone: {
          target: 'loading',
          // A new coupon is the newest: page 1 shows it.
          actions: [
            emit(({ context, event }) => ({ type: 'coupon.saved', code: event.output.code, created: context.editingId === null }) as const),
            assign(({ context }) => ({ page: context.editingId === null ? 1 : context.page })),
          ],
        },
        onError: {
          target: 'form',
          actions: [
            assign(({ event }) => {
              const { message, fields } = errorText(event.error, 'The coupon could not be saved.');
              return { fieldErrors: fields, formError: message };
            }),
            emit({ type: 'form.refused' } as const),
          ],
        },
      },
    },
    deleting: {
      tags: ['deleting'],
      entry: assign(({ event }) => ({ editingId: event.type === 'coupon.delete' ? event.id : null })),
      invoke: {
        id: 'deleteCoupon',
        src: 'deleteCoupon',
        input: ({ context }) => ({ id: context.editingId ?? 0 }),
        onDone: {
          target: 'loading',
          actions: [emit(({ context }) => ({ type: 'coupon.deleted', code: codeOf(context, context.editingId ?? 0) }) as const), assign({ editingId: null })],
        },
        onError: {
          target: 'list',
          actions: assign(({ event }) => ({ editingId: null, listError: errorText(event.error, 'The coupon could not be deleted.').message })),
        },
      },
    },
  },
});

export type CouponsMachine = typeof couponsMachine;
