import type { ChangeEvent } from 'react';

/** What a Mantine text input (TextInput, PasswordInput, Textarea, …) needs to show and edit one field. */
export interface BoundField {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
}

/** A machine whose form keeps each field's text, and the contract's refusal of it, in its context. */
export interface FormContext<TField extends string> {
  readonly fieldErrors: Partial<Record<TField, string>>;
}

/** The one event by which a view changes a form field: the machine validates it with the contracts. */
export interface FieldChange<TField extends string> {
  type: 'field.change';
  field: TField;
  value: string;
}

/**
 * Binds one form field to the machine that owns the form (docs/architecture.md, "Screens: one way
 * from machine to view"): the value and its error come from the context, each keystroke goes back
 * as `field.change`. The view keeps no copy of the form.
 *
 *   <TextInput label="Email" {...bindField(state, send, 'email')} />
 */
export function bindField<TField extends string>(
  state: { context: FormContext<TField> & { readonly [K in TField]: string } },
  send: (event: FieldChange<TField>) => void,
  name: TField,
): BoundField {
  return fieldProps(name, state.context[name], state.context.fieldErrors[name], (value) => send({ type: 'field.change', field: name, value }));
}

/**
 * The same binding for a form whose machine keeps its fields another way (a nested form, an event
 * with a patch): the caller reads the value and the error and says which event a change sends.
 */
export function fieldProps(name: string, value: string, error: string | undefined, onValue: (value: string) => void): BoundField {
  return { name, value, error, onChange: (event) => onValue(event.currentTarget.value) };
}
