import {
  ADDITIONAL_GROUPS,
  ADDITIONAL_GROUP_NAMES,
  COUNTRIES,
  AdditionalStep,
  type ContactsStep,
  DEFAULT_ABOUT,
  DEFAULT_CONTACTS,
  DEFAULT_DELIVERY,
  DEFAULT_LOCATION,
  DeliveryStep,
  HoursStep,
  LocationStep,
  ORDER_TYPES,
  aboutStep,
  slugify,
  type AboutStep,
  type AdditionalAnswer,
  type Country,
  type OrderType,
} from '../../../contracts/onboarding';
import { checkWith } from '../../../contracts/shared/validation';
import { defaultHours, normaliseHours, type HoursForm } from './onboarding-hours';
import type { FormStep } from './onboarding-steps';

/**
 * What each onboarding step's form holds while the owner types (spec section 3's fields, every
 * one present, ready to render), how a server answer or a stored draft becomes one, how one is
 * checked (the contract's own rules and sentences) and how it becomes the request body. Pure:
 * no React, no HTTP.
 */

export type LocationForm = LocationStep;
export type AboutForm = AboutStep;
/** A number input's value: '' while the owner has cleared it (sent as 0, spec section 5). */
export type Amount = number | '';
type AmountField = 'delivery_eta_from' | 'delivery_eta_to' | 'pickup_eta_from' | 'pickup_eta_to' | 'delivery_fee' | 'min_order_amount' | 'free_over_amount';
export type DeliveryForm = Omit<DeliveryStep, AmountField> & Record<AmountField, Amount>;
export type AdditionalForm = AdditionalAnswer;
export type ContactsForm = ContactsStep;

export type OnboardingForms = {
  location: LocationForm;
  about: AboutForm;
  delivery: DeliveryForm;
  hours: HoursForm;
  additional: AdditionalForm;
  contacts: ContactsForm;
};

const AMOUNT_FIELDS: readonly AmountField[] = [
  'delivery_eta_from',
  'delivery_eta_to',
  'pickup_eta_from',
  'pickup_eta_to',
  'delivery_fee',
  'min_order_amount',
  'free_over_amount',
];

const emptySelections = (): AdditionalForm['selections'] =>
  Object.fromEntries(ADDITIONAL_GROUP_NAMES.map((group) => [group, []])) as unknown as AdditionalForm['selections'];

export function emptyForms(): OnboardingForms {
  return {
    location: { ...DEFAULT_LOCATION },
    about: { ...DEFAULT_ABOUT },
    delivery: { ...DEFAULT_DELIVERY, zip_codes: [], order_types: [...DEFAULT_DELIVERY.order_types] },
    hours: defaultHours(),
    additional: { selections: emptySelections() },
    contacts: { ...DEFAULT_CONTACTS },
  };
}

type Raw = Record<string, unknown>;
const asRecord = (value: unknown): Raw => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Raw) : {});
const text = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);
const flag = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);
const amount = (value: unknown, fallback: Amount): Amount => (value === '' || (typeof value === 'number' && Number.isFinite(value)) ? value : fallback);
const known = <T extends string>(choices: readonly T[], values: unknown): T[] =>
  Array.isArray(values) ? [...new Set(values.filter((value): value is T => choices.includes(value as T)))] : [];

/** Copies the string fields of `fallback` from `raw` where they are strings. */
function texts<T extends Record<string, string>>(raw: Raw, fallback: T): T {
  return Object.fromEntries(Object.entries(fallback).map(([field, value]) => [field, text(raw[field], value)])) as T;
}

/**
 * A server answer or a stored draft as a complete form. Each value is checked again, so a
 * draft written by an older release (or edited by hand) loses what no longer fits instead of
 * breaking the step.
 */
export function formFromRaw<S extends FormStep>(step: S, value: unknown): OnboardingForms[S] {
  const raw = asRecord(value);
  const empty = emptyForms();
  const forms: { [K in FormStep]: () => OnboardingForms[K] } = {
    location: () => {
      const location = texts(raw, empty.location as Record<string, string>) as LocationForm;
      return { ...location, country: (COUNTRIES as readonly string[]).includes(location.country) ? location.country : (empty.location.country as Country) };
    },
    about: () => texts(raw, empty.about),
    delivery: () => {
      const fallback = empty.delivery;
      const delivery: DeliveryForm = {
        ...fallback,
        has_delivery: flag(raw.has_delivery, fallback.has_delivery),
        has_pickup: flag(raw.has_pickup, fallback.has_pickup),
        has_dine_in: flag(raw.has_dine_in, fallback.has_dine_in),
        coverage_mode: raw.coverage_mode === 'zip' || raw.coverage_mode === 'distance' ? raw.coverage_mode : fallback.coverage_mode,
        zip_codes: Array.isArray(raw.zip_codes) ? raw.zip_codes.filter((zip): zip is string => typeof zip === 'string') : [],
        apply_delivery_fee: flag(raw.apply_delivery_fee, fallback.apply_delivery_fee),
        min_order_enabled: flag(raw.min_order_enabled, fallback.min_order_enabled),
        free_over_enabled: flag(raw.free_over_enabled, fallback.free_over_enabled),
        auto_request_driver: flag(raw.auto_request_driver, fallback.auto_request_driver),
        order_types: Array.isArray(raw.order_types) ? known<OrderType>(ORDER_TYPES, raw.order_types) : fallback.order_types,
      };
      for (const field of AMOUNT_FIELDS) delivery[field] = amount(raw[field], fallback[field]);
      return delivery;
    },
    hours: () => normaliseHours(raw),
    additional: () => {
      const selections = asRecord(raw.selections);
      return {
        selections: Object.fromEntries(
          ADDITIONAL_GROUP_NAMES.map((group) => [group, known(ADDITIONAL_GROUPS[group].labels, selections[group])]),
        ) as unknown as AdditionalForm['selections'],
      };
    },
    contacts: () => texts(raw, empty.contacts),
  };
  return forms[step]();
}

/** Whether a draft and a server answer come to the same form (a change typed and undone is no draft). */
export function sameForm(step: FormStep, one: unknown, other: unknown): boolean {
  return JSON.stringify(formFromRaw(step, one)) === JSON.stringify(formFromRaw(step, other));
}

/** Spec section 5: delivery numbers are coerced to numbers, 0 when left empty. */
const toNumber = (value: Amount): number => (value === '' ? 0 : value);

/** The request body of a step, before the contract's coercions (trimming, slug sanitising). */
export function toRequest(step: FormStep, forms: OnboardingForms): unknown {
  if (step !== 'delivery') return forms[step];
  const delivery: Record<string, unknown> = { ...forms.delivery };
  for (const field of AMOUNT_FIELDS) delivery[field] = toNumber(forms.delivery[field]);
  return delivery;
}

/** The contract each step is checked with; contacts has none on the client (spec section 5). */
function structOf(step: FormStep, host: string) {
  switch (step) {
    case 'location':
      return LocationStep;
    case 'about':
      return aboutStep(host);
    case 'delivery':
      return DeliveryStep;
    case 'hours':
      return HoursStep;
    case 'additional':
      return AdditionalStep;
    case 'contacts':
      return null;
  }
}

export const hasClientRules = (step: FormStep): boolean => structOf(step, '') !== null;

/**
 * The step checked by the contract (the spec's sentences: 'Please fill Zip code, City and
 * State.', 'Please enter restaurant name.', 'Please set your {host} URL.', and the rest):
 * the body to send, or the sentence per field.
 */
export function checkStep(step: FormStep, forms: OnboardingForms, host: string): { ok: true; body: unknown } | { ok: false; fields: Record<string, string> } {
  const struct = structOf(step, host);
  const request = toRequest(step, forms);
  if (struct === null) return { ok: true, body: request };
  const result = checkWith(struct as Parameters<typeof checkWith>[0], request);
  return result.ok ? { ok: true, body: result.value } : result;
}

/** Edits as typed: the store URL keeps only letters, digits and hyphens, lowercased (spec section 5). */
export function sanitiseEdit(step: FormStep, patch: Record<string, unknown>): Record<string, unknown> {
  if (step === 'about' && typeof patch.slug === 'string') return { ...patch, slug: slugify(patch.slug) };
  return patch;
}

/** Spec section 4: a zip pill is trimmed; an empty one is ignored, a duplicate dropped. */
export function addZipCode(zips: readonly string[], typed: string): string[] {
  const zip = typed.trim();
  return zip === '' || zips.includes(zip) ? [...zips] : [...zips, zip];
}

export function removeZipCode(zips: readonly string[], zip: string): string[] {
  return zips.filter((value) => value !== zip);
}
