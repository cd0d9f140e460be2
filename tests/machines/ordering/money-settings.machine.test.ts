import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import type { TaxSettings, TaxSettingsAnswer, TipSettings } from '#contracts/ordering/order-settings';
import { CARD_NOT_SET_UP, NO_WAY_TO_PAY, type PaymentSettings, type PaymentSettingsAnswer } from '#contracts/ordering/payment-settings';
import { changed, SECTION_INVALID } from '#src/machines/ordering/settings-section';
import { categoryField, DEFAULT_RATE_MISSING, taxSettingsMachine, type TaxData } from '#src/machines/ordering/tax-settings.machine';
import { choiceField, tipSettingsMachine } from '#src/machines/ordering/tip-settings.machine';
import { paymentSettingsMachine } from '#src/machines/ordering/payment-settings.machine';
import { ApiError } from '#src/services/shared/api';
import { provideChecked } from '../../support/contract-double';
import { assertWalksCover } from '../../support/path-coverage';

const TEXAS: TaxSettingsAnswer = { prices_include_tax: false, default_rate: 0, delivery_fee_taxable: false, category_rates: [], needs_setup: true };
const CATEGORIES = [
  { id: 3, name: 'Pizza' },
  { id: 5, name: 'Drinks' },
];
const TIPS: TipSettings = { enabled: false, choices: [10, 15, 20], allow_custom: true };

const ready = <T extends { getSnapshot: () => { hasTag: (tag: string) => boolean } }>(actor: T) =>
  waitFor(actor as never, (snapshot: { hasTag: (tag: string) => boolean }) => snapshot.hasTag('ready'));

describe('the Store screen’s Taxes section (issue 43)', () => {
  it('reaches every state and transition', () => {
    const data: TaxData = { settings: TEXAS, categories: CATEGORIES };
    const form = { prices_include_tax: false, default_rate: '8.25', delivery_fee_taxable: false, category_rates: { '3': '', '5': '' } };
    const events = [
      { type: 'xstate.done.actor.load', output: data },
      { type: 'xstate.error.actor.load', error: new Error('HTTP 503') },
      { type: 'xstate.done.actor.save', output: data },
      { type: 'xstate.error.actor.save', error: new Error('HTTP 400') },
      { type: 'form.change', form },
      { type: 'form.change', form: { ...form, default_rate: '31' } },
      { type: 'section.save' },
      { type: 'section.retry' },
    ];
    assertWalksCover(taxSettingsMachine, [{ input: { restaurantId: 42 }, events, limit: 5_000 }]);
  });

  it('sends the default rate and the categories given a rate of their own, each refusal on its category', async () => {
    const sent: TaxSettings[] = [];
    let answer: 'refuse' | 'take' = 'refuse';
    const actor = createActor(
      provideChecked(taxSettingsMachine, {
        actors: {
          load: fromPromise<TaxData, { restaurantId: number }>(async () => ({ settings: TEXAS, categories: CATEGORIES })),
          save: fromPromise<TaxData, { restaurantId: number; body: TaxSettings }>(async ({ input }) => {
            sent.push(input.body);
            if (answer === 'refuse') {
              throw new ApiError('Some fields are not valid.', {
                status: 400,
                fields: { 'category_rates.0.category_id': 'Category 5 is not one of this restaurant’s categories.' },
              });
            }
            return { settings: { ...input.body, needs_setup: false }, categories: [] };
          }),
        },
      }),
      { input: { restaurantId: 42 } },
    );
    const refused = vi.fn();
    actor.on('section.refused', refused);
    actor.start();
    await ready(actor);
    expect(actor.getSnapshot().context.form).toEqual({
      prices_include_tax: false,
      default_rate: '0',
      delivery_fee_taxable: false,
      category_rates: { '3': '', '5': '' },
    });
    expect(changed(actor.getSnapshot().context)).toBe(false);

    const form = actor.getSnapshot().context.form!;
    actor.send({ type: 'form.change', form: { ...form, default_rate: '', category_rates: { '3': '', '5': '31' } } });
    actor.send({ type: 'section.save' });
    expect(sent).toEqual([]);
    expect(actor.getSnapshot().context).toMatchObject({
      error: SECTION_INVALID,
      fieldErrors: { default_rate: DEFAULT_RATE_MISSING, [categoryField(5)]: 'A tax rate is a percentage from 0 to 30 with at most 3 decimals, e.g. 8.25.' },
    });

    actor.send({ type: 'form.change', form: { ...form, default_rate: '8.25', category_rates: { '3': '', '5': '0' } } });
    actor.send({ type: 'section.save' });
    await ready(actor);
    expect(refused).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ [categoryField(5)]: 'Category 5 is not one of this restaurant’s categories.' });

    answer = 'take';
    actor.send({ type: 'section.save' });
    await waitFor(actor, (snapshot) => snapshot.hasTag('ready') && !changed(snapshot.context));
    expect(sent.at(-1)).toEqual({ prices_include_tax: false, default_rate: 8.25, delivery_fee_taxable: false, category_rates: [{ category_id: 5, rate: 0 }] });
    // The answer carries no category names: the ones loaded stay, and the notice goes.
    expect(actor.getSnapshot().context.data).toEqual({ settings: { ...sent.at(-1), needs_setup: false }, categories: CATEGORIES });
  });
});

describe('the Store screen’s Tips section (issue 43)', () => {
  it('reaches every state and transition', () => {
    const events = [
      { type: 'xstate.done.actor.load', output: TIPS },
      { type: 'xstate.error.actor.load', error: new Error('HTTP 503') },
      { type: 'xstate.done.actor.save', output: TIPS },
      { type: 'xstate.error.actor.save', error: new Error('HTTP 400') },
      { type: 'form.change', form: { enabled: true, choices: ['10', '15', '', ''], allow_custom: true } },
      { type: 'form.change', form: { enabled: true, choices: ['10', '10', '', ''], allow_custom: true } },
      { type: 'section.save' },
      { type: 'section.retry' },
    ];
    assertWalksCover(tipSettingsMachine, [{ input: { restaurantId: 42 }, events, limit: 5_000 }]);
  });

  it('offers four fields, sends the filled ones in order, and puts a refused choice on the field it was typed in', async () => {
    const sent: TipSettings[] = [];
    const actor = createActor(
      provideChecked(tipSettingsMachine, {
        actors: {
          load: fromPromise<TipSettings, { restaurantId: number }>(async () => TIPS),
          save: fromPromise<TipSettings, { restaurantId: number; body: TipSettings }>(async ({ input }) => {
            sent.push(input.body);
            return input.body;
          }),
        },
      }),
      { input: { restaurantId: 42 } },
    ).start();
    await ready(actor);
    expect(actor.getSnapshot().context.form).toEqual({ enabled: false, choices: ['10', '15', '20', ''], allow_custom: true });
    actor.send({ type: 'form.change', form: { enabled: true, choices: ['', '12.5', '', '60'], allow_custom: false } });
    actor.send({ type: 'section.save' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ [choiceField(3)]: 'A tip is a percentage from 0 to 50 with at most one decimal, e.g. 12.5.' });
    actor.send({ type: 'form.change', form: { enabled: true, choices: ['', '12.5', '', '18'], allow_custom: false } });
    actor.send({ type: 'section.save' });
    await waitFor(actor, (snapshot) => snapshot.hasTag('ready') && !changed(snapshot.context));
    expect(sent).toEqual([{ enabled: true, choices: [12.5, 18], allow_custom: false }]);
    expect(actor.getSnapshot().context.form).toEqual({ enabled: true, choices: ['12.5', '18', '', ''], allow_custom: false });
  });
});

describe('the Store screen’s Payments section (issue 44)', () => {
  const IN_PERSON: PaymentSettingsAnswer = { card_online: false, in_person: true, card_available: true };

  it('reaches every state and transition', () => {
    const events = [
      { type: 'xstate.done.actor.load', output: IN_PERSON },
      { type: 'xstate.error.actor.load', error: new Error('HTTP 503') },
      { type: 'xstate.done.actor.save', output: IN_PERSON },
      { type: 'xstate.error.actor.save', error: new Error('HTTP 400') },
      { type: 'form.change', form: { card_online: true, in_person: true } },
      { type: 'form.change', form: { card_online: false, in_person: false } },
      { type: 'section.save' },
      { type: 'section.retry' },
    ];
    assertWalksCover(paymentSettingsMachine, [{ input: { restaurantId: 42 }, events, limit: 5_000 }]);
  });

  const sectionWith = (loaded: PaymentSettingsAnswer, sent: PaymentSettings[]) =>
    createActor(
      provideChecked(paymentSettingsMachine, {
        actors: {
          load: fromPromise<PaymentSettingsAnswer, { restaurantId: number }>(async () => loaded),
          save: fromPromise<PaymentSettingsAnswer, { restaurantId: number; body: PaymentSettings }>(async ({ input }) => {
            sent.push(input.body);
            return { ...input.body, card_available: loaded.card_available };
          }),
        },
      }),
      { input: { restaurantId: 42 } },
    ).start();

  it('refuses both ways off on In person before asking, then saves cards only', async () => {
    const sent: PaymentSettings[] = [];
    const actor = sectionWith(IN_PERSON, sent);
    await ready(actor);
    expect(actor.getSnapshot().context.form).toEqual({ card_online: false, in_person: true });
    actor.send({ type: 'form.change', form: { card_online: false, in_person: false } });
    actor.send({ type: 'section.save' });
    expect(actor.getSnapshot().context).toMatchObject({ error: SECTION_INVALID, fieldErrors: { in_person: NO_WAY_TO_PAY } });
    actor.send({ type: 'form.change', form: { card_online: true, in_person: false } });
    actor.send({ type: 'section.save' });
    await waitFor(actor, (snapshot) => snapshot.hasTag('ready') && !changed(snapshot.context));
    expect(sent).toEqual([{ card_online: true, in_person: false }]);
  });

  it('where the platform has no Stripe keys, refuses cards on Card online and sends nothing until they are off', async () => {
    const sent: PaymentSettings[] = [];
    // Saved while the platform still had its keys.
    const actor = sectionWith({ card_online: true, in_person: true, card_available: false }, sent);
    await ready(actor);
    actor.send({ type: 'form.change', form: { card_online: true, in_person: false } });
    actor.send({ type: 'section.save' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ card_online: CARD_NOT_SET_UP });
    actor.send({ type: 'form.change', form: { card_online: false, in_person: true } });
    actor.send({ type: 'section.save' });
    await waitFor(actor, (snapshot) => snapshot.hasTag('ready') && !changed(snapshot.context));
    expect(sent).toEqual([{ card_online: false, in_person: true }]);
  });
});
