import { assign, emit, fromPromise, setup } from 'xstate';
import { errorText } from '../../services/shared/error-text';

/**
 * One money section of the Store screen (issue 43: Taxes, Tips), made by `createSettingsSection`:
 * what the server holds is loaded, edited as a form in the context, checked with the contract
 * before the call and saved whole with one Save; a refusal puts each sentence on its field.
 *
 *   loading --done--> ready ; --error--> loadFailed --section.retry--> loading
 *   ready --form.change--> ready ; --section.save, refused by the contract--> ready (emits `section.refused`)
 *         --section.save--> saving --done--> ready (emits `section.saved`) ; --error--> ready (the server's sentences, emits `section.refused`)
 *
 * Tags: `loading`, `loadFailed`, `ready`, `saving`. `changed(context)` says the form differs from
 * what was saved (the Save button waits for a change).
 */

export type Checked<B> = { ok: true; body: B } | { ok: false; fields: Record<string, string> };

export type SettingsSectionConfig<D, F, B> = {
  /** What the section shows, read from the server (the settings and what they need besides, e.g. the categories). */
  load: (input: { restaurantId: number }) => Promise<D>;
  save: (input: { restaurantId: number; body: B }) => Promise<D>;
  formOf: (data: D) => F;
  /** The body, or the form's own refusals by the form's field keys. */
  check: (form: F, data: D) => Checked<B>;
  /** The server's refusals (keyed by the body's paths) as the form's field keys. */
  fieldsOf: (fields: Record<string, string>, form: F, data: D) => Record<string, string>;
  /** What a save's answer does not bring of the loaded data (e.g. the category names). */
  merge: (saved: D, before: D) => D;
};

export type SettingsSectionContext<D, F> = {
  restaurantId: number;
  data: D | null;
  form: F | null;
  saved: F | null;
  fieldErrors: Record<string, string>;
  error: string | null;
};

export type SettingsSectionEvent<F> = { type: 'form.change'; form: F } | { type: 'section.save' } | { type: 'section.retry' };

export type SettingsSectionEmitted = { type: 'section.saved' } | { type: 'section.refused' };

export const SECTION_INVALID = 'Some fields need a change before this can be saved.';

export function createSettingsSection<D, F, B>(id: string, config: SettingsSectionConfig<D, F, B>) {
  type Context = SettingsSectionContext<D, F>;
  return setup({
    types: {
      input: {} as { restaurantId: number },
      context: {} as Context,
      events: {} as SettingsSectionEvent<F>,
      emitted: {} as SettingsSectionEmitted,
    },
    actors: {
      load: fromPromise<D, { restaurantId: number }>(({ input }) => config.load(input)),
      save: fromPromise<D, { restaurantId: number; body: B }>(({ input }) => config.save(input)),
    },
    guards: {
      formValid: ({ context }) => context.form !== null && context.data !== null && config.check(context.form, context.data).ok,
    },
  }).createMachine({
    id,
    context: ({ input }) => ({ restaurantId: input.restaurantId, data: null, form: null, saved: null, fieldErrors: {}, error: null }),
    initial: 'loading',
    states: {
      loading: {
        tags: ['loading'],
        invoke: {
          id: 'load',
          src: 'load',
          input: ({ context }) => ({ restaurantId: context.restaurantId }),
          onDone: {
            target: 'ready',
            actions: assign(({ event }) => {
              const form = config.formOf(event.output);
              return { data: event.output, form, saved: form, error: null };
            }),
          },
          onError: { target: 'loadFailed', actions: assign(({ event }) => ({ error: errorText(event.error, 'The settings could not be loaded.').message })) },
        },
      },
      loadFailed: { tags: ['loadFailed'], on: { 'section.retry': 'loading' } },
      ready: {
        tags: ['ready'],
        on: {
          'form.change': { actions: assign(({ event }) => ({ form: event.form })) },
          'section.save': [
            { guard: 'formValid', target: 'saving', actions: assign({ fieldErrors: {}, error: null }) },
            {
              actions: [
                assign(({ context }) => {
                  const checked = context.form !== null && context.data !== null ? config.check(context.form, context.data) : null;
                  return { fieldErrors: checked && !checked.ok ? checked.fields : {}, error: SECTION_INVALID };
                }),
                emit({ type: 'section.refused' } as const),
              ],
            },
          ],
        },
      },
      saving: {
        tags: ['saving'],
        invoke: {
          id: 'save',
          src: 'save',
          input: ({ context }) => {
            const checked = config.check(context.form as F, context.data as D);
            // The guard let only a valid form in.
            return { restaurantId: context.restaurantId, body: (checked as { ok: true; body: B }).body };
          },
          onDone: {
            target: 'ready',
            actions: [
              assign(({ context, event }) => {
                const data = config.merge(event.output, context.data as D);
                const form = config.formOf(data);
                return { data, form, saved: form };
              }),
              emit({ type: 'section.saved' } as const),
            ],
          },
          onError: {
            target: 'ready',
            actions: [
              assign(({ context, event }) => {
                const { message, fields } = errorText(event.error, 'Please try again.');
                return { error: message, fieldErrors: config.fieldsOf(fields, context.form as F, context.data as D) };
              }),
              emit({ type: 'section.refused' } as const),
            ],
          },
        },
      },
    },
  });
}

/** The form differs from what the server holds. */
export const changed = <D, F>(context: SettingsSectionContext<D, F>): boolean => JSON.stringify(context.form) !== JSON.stringify(context.saved);
