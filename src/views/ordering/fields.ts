import { element } from '../shared/dom';

/**
 * A form control with its label and its error line, the error tied to the control
 * (aria-describedby, aria-invalid) while it shows, as the store page's zip check does.
 */
export type Field<T extends HTMLElement = HTMLInputElement> = { row: HTMLElement; control: T; setError: (message: string | null) => void };

export function tieError(control: HTMLElement, error: HTMLElement, hint: string | null = null): (message: string | null) => void {
  return (message) => {
    error.textContent = message ?? '';
    error.hidden = message === null;
    const describedBy = [message === null ? null : error.id, hint].filter(Boolean).join(' ');
    if (describedBy) control.setAttribute('aria-describedby', describedBy);
    else control.removeAttribute('aria-describedby');
    if (message === null) control.removeAttribute('aria-invalid');
    else control.setAttribute('aria-invalid', 'true');
  };
}

type TextOptions = {
  id: string;
  label: string;
  value: string;
  type?: string;
  autocomplete?: string;
  optional?: boolean;
  multiline?: boolean;
  maxLength?: number;
};

/** A labelled text input (or textarea) whose typing is reported to `onInput`. */
export function textField(options: TextOptions, onInput: (value: string) => void): Field<HTMLInputElement | HTMLTextAreaElement> {
  const attributes: Record<string, string> = { id: options.id, name: options.id };
  if (options.autocomplete) attributes.autocomplete = options.autocomplete;
  if (options.maxLength) attributes.maxlength = String(options.maxLength);
  if (!options.optional) attributes.required = '';
  const control = options.multiline ? element('textarea', { ...attributes, rows: '2' }) : element('input', { ...attributes, type: options.type ?? 'text' });
  control.value = options.value;
  control.addEventListener('input', () => onInput(control.value));
  const error = element('p', { class: 'field-error', id: `${options.id}-error`, hidden: '' });
  const label = element('label', { for: options.id }, options.label, ...(options.optional ? [element('span', { class: 'muted' }, ' (optional)')] : []));
  return { row: element('div', { class: 'field' }, label, control, error), control, setError: tieError(control, error) };
}

/** A group of radio buttons or checkboxes under a legend, with one error line for the group. */
export function choiceGroup(
  id: string,
  legend: string,
  hint: string | null,
  ...options: HTMLElement[]
): { fieldset: HTMLFieldSetElement; setError: (message: string | null) => void } {
  const error = element('p', { class: 'field-error', id: `${id}-error`, hidden: '' });
  const hintLine = hint ? element('p', { class: 'muted', id: `${id}-hint` }, hint) : null;
  const fieldset = element('fieldset', { id, class: 'choices' }, element('legend', {}, legend), ...(hintLine ? [hintLine] : []), ...options, error);
  if (hintLine) fieldset.setAttribute('aria-describedby', hintLine.id);
  return { fieldset, setError: tieError(fieldset, error, hintLine?.id ?? null) };
}

/** One radio or checkbox with its label and, on the right, what it costs. */
export function choice(type: 'radio' | 'checkbox', name: string, value: string, label: string, price: string, checked: boolean): HTMLElement {
  const input = element('input', { type, name, value, id: `${name}-${value}` });
  input.checked = checked;
  return element('label', { class: 'choice', for: input.id }, input, element('span', {}, label), element('span', { class: 'muted' }, price));
}
