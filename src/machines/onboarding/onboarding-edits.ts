import { addZipCode, removeZipCode, sanitiseEdit, type OnboardingForms } from './onboarding-forms';
import { applyHoursEvent, type HoursEvent } from './onboarding-hours';
import type { FormStep } from './onboarding-steps';

/**
 * The edits the step forms send (the *Fields components of views/onboarding), and what each does
 * to the forms. Both machines that hold those forms apply them through `editedForms`: the
 * onboarding flow and the back office's Store settings (issue 29: one form per step, shared).
 */

export type StepEdit = { [S in FormStep]: { type: 'field.change'; step: S; patch: Partial<OnboardingForms[S]> } }[FormStep];

export type FormEdit = StepEdit | { type: 'zip.add'; value: string } | { type: 'zip.remove'; value: string } | HoursEvent;

// Keyed by every edit's type, so that a new kind of edit cannot be left out of the list below.
const EDIT_TYPES: Record<FormEdit['type'], true> = {
  'field.change': true,
  'zip.add': true,
  'zip.remove': true,
  'hours.open247': true,
  'hours.closedWithin': true,
  'hours.dayClosed': true,
  'hours.time': true,
  'hours.timeZone': true,
  'hours.specialDayAdd': true,
  'hours.specialDayRemove': true,
  'hours.specialDayChange': true,
};
/** Every edit's type, for a machine that takes them all alike (a Store section). */
export const FORM_EDIT_TYPES = Object.keys(EDIT_TYPES) as FormEdit['type'][];

/** What a step's Fields component sends: an edit, or the about step's logo to upload. */
export type FieldsEvent = FormEdit | { type: 'logo.upload'; file: File | Blob };

/** The forms after one edit: typed values sanitised, a zip pill added or removed, an hours event applied (onboarding-hours.ts). */
export function editedForms(forms: OnboardingForms, event: FormEdit): OnboardingForms {
  switch (event.type) {
    case 'field.change':
      return { ...forms, [event.step]: { ...forms[event.step], ...sanitiseEdit(event.step, event.patch) } };
    case 'zip.add':
      return { ...forms, delivery: { ...forms.delivery, zip_codes: addZipCode(forms.delivery.zip_codes, event.value) } };
    case 'zip.remove':
      return { ...forms, delivery: { ...forms.delivery, zip_codes: removeZipCode(forms.delivery.zip_codes, event.value) } };
    default:
      return { ...forms, hours: applyHoursEvent(forms.hours, event) };
  }
}
