import { TERRITORY_CIRCLES_MAX, TERRITORY_IMAGE_FIELDS, TERRITORY_SOCIALS_MAX, mergeZipText, type TerritoryImageField } from '../../../contracts/territories';
import type { TerritoryImages } from '../../services/territories/territories';
import { DEFAULT_RADIUS_METERS, type CircleValues, type NumberText, type SocialValues, type TerritoryFormValues } from './territory-form';

/**
 * What the territory editor's fields send, and what each does to the form the machine holds
 * (`editedForm`). A change takes away the mark of the last refusal from the field it changed,
 * and only from it; removing a row moves the marks of the rows after it up with them.
 */

/** The fields typed as text (the browser's date boxes write text too). */
export type TerritoryTextField =
  | 'name'
  | 'slug'
  | 'phone'
  | 'email'
  | 'current_commission'
  | 'settlement_date'
  | 'rep_name'
  | 'rep_dob'
  | 'rep_meze_email'
  | 'rep_personal_email'
  | 'rep_phone'
  | 'rep_address'
  /** "Add zip codes": text not yet added with its button; Save adds it too. */
  | 'zip_text';

type Point = { lat: number; lng: number };

export type TerritoryEditEvent =
  | { type: 'field.change'; field: TerritoryTextField; value: string }
  | { type: 'active.change'; active: boolean }
  /** "Add zip codes": the zips in the text box join the list, without repeats. */
  | { type: 'zips.add' }
  /** The coverage's "Add": these zips join the list, without repeats. */
  | { type: 'zips.include'; zips: string[] }
  | { type: 'zip.remove'; zip: string }
  | { type: 'circle.add'; center: Point; radius?: number }
  | { type: 'circle.change'; index: number; field: keyof CircleValues; value: NumberText }
  | { type: 'circle.move'; index: number; center: Point }
  | { type: 'circle.resize'; index: number; radius: number }
  | { type: 'circle.remove'; index: number }
  | { type: 'social.add' }
  | { type: 'social.change'; index: number; field: keyof SocialValues; value: string }
  | { type: 'social.remove'; index: number }
  /** A picture chosen (null: the choice taken back); it is sent after the fields are saved. */
  | { type: 'picture.choose'; field: TerritoryImageField; file: File | null };

/** Every edit's type, for the machine's one handler of them all. */
export const EDIT_EVENT_TYPES = [
  'field.change',
  'active.change',
  'zips.add',
  'zips.include',
  'zip.remove',
  'circle.add',
  'circle.change',
  'circle.move',
  'circle.resize',
  'circle.remove',
  'social.add',
  'social.change',
  'social.remove',
  'picture.choose',
] as const satisfies readonly TerritoryEditEvent['type'][];

/** The part of the editor's context an edit changes. */
export type EditableForm = TerritoryFormValues & {
  /** The contract's and the server's sentences by the form's paths ("circles.1.radius_meters"). */
  fieldErrors: Record<string, string>;
  /** The pictures chosen and not stored yet. */
  images: TerritoryImages;
};

/** Map positions are kept to six decimals (about 10 cm). */
const rounded = (value: number) => Number(value.toFixed(6));

/** The marks without those of `paths` (the same object when none of them was marked, so no field is drawn again for nothing). */
const without = (errors: Record<string, string>, ...paths: string[]) =>
  paths.some((path) => path in errors) ? Object.fromEntries(Object.entries(errors).filter(([path]) => !paths.includes(path))) : errors;

/** A row removed: its own marks go, the marks of the rows after it move up one place. */
function errorsAfterRemoving(errors: Record<string, string>, list: string, index: number): Record<string, string> {
  const row = new RegExp(`^${list}\\.(\\d+)(.*)$`);
  const kept: [string, string][] = [];
  for (const [path, message] of Object.entries(errors)) {
    const match = row.exec(path);
    const at = match ? Number(match[1]) : -1;
    if (at === index) continue;
    kept.push([at > index ? `${list}.${at - 1}${match![2]}` : path, message]);
  }
  return Object.fromEntries(kept);
}

const replaced = <T>(items: readonly T[], index: number, change: (item: T) => T) => items.map((item, at) => (at === index ? change(item) : item));

/** What one edit makes of the form. */
export function editedForm(form: EditableForm, event: TerritoryEditEvent): Partial<EditableForm> {
  const errors = form.fieldErrors;
  const circlePath = (index: number, field: keyof CircleValues) => `circles.${index}.${field}`;
  switch (event.type) {
    case 'field.change':
      return { [event.field]: event.value, fieldErrors: without(errors, event.field) };
    case 'active.change':
      return { is_active: event.active, fieldErrors: without(errors, 'is_active') };
    case 'zips.add':
      // The list changed under every mark of the last refusal: they all go, as the form always did here.
      return { zips: mergeZipText(form.zips, form.zip_text), zip_text: '', fieldErrors: {} };
    case 'zips.include':
      return { zips: [...new Set([...form.zips, ...event.zips])], fieldErrors: without(errors, 'zips') };
    case 'zip.remove':
      return { zips: form.zips.filter((zip) => zip !== event.zip), fieldErrors: without(errors, 'zips') };
    case 'circle.add': {
      if (form.circles.length >= TERRITORY_CIRCLES_MAX) return {};
      const circle = { center_lat: rounded(event.center.lat), center_lng: rounded(event.center.lng), radius_meters: event.radius ?? DEFAULT_RADIUS_METERS };
      return { circles: [...form.circles, circle] };
    }
    case 'circle.change':
      return {
        circles: replaced(form.circles, event.index, (circle) => ({ ...circle, [event.field]: event.value })),
        fieldErrors: without(errors, circlePath(event.index, event.field)),
      };
    case 'circle.move':
      return {
        circles: replaced(form.circles, event.index, (circle) => ({ ...circle, center_lat: rounded(event.center.lat), center_lng: rounded(event.center.lng) })),
        fieldErrors: without(errors, circlePath(event.index, 'center_lat'), circlePath(event.index, 'center_lng')),
      };
    case 'circle.resize':
      return {
        circles: replaced(form.circles, event.index, (circle) => ({ ...circle, radius_meters: event.radius })),
        fieldErrors: without(errors, circlePath(event.index, 'radius_meters')),
      };
    case 'circle.remove':
      return { circles: form.circles.filter((_, at) => at !== event.index), fieldErrors: errorsAfterRemoving(errors, 'circles', event.index) };
    case 'social.add':
      if (form.socials.length >= TERRITORY_SOCIALS_MAX) return {};
      return { socials: [...form.socials, { platform_name: '', platform_url: '' }] };
    case 'social.change':
      return {
        socials: replaced(form.socials, event.index, (social) => ({ ...social, [event.field]: event.value })),
        fieldErrors: without(errors, `socials.${event.index}.${event.field}`),
      };
    case 'social.remove':
      return { socials: form.socials.filter((_, at) => at !== event.index), fieldErrors: errorsAfterRemoving(errors, 'socials', event.index) };
    case 'picture.choose': {
      // Kept in the form's order (the photo, then the wallpaper), the order they are sent in.
      const chosen = { ...form.images, [event.field]: event.file };
      return { images: Object.fromEntries(TERRITORY_IMAGE_FIELDS.flatMap((field) => (chosen[field] ? [[field, chosen[field]]] : []))) };
    }
  }
}
