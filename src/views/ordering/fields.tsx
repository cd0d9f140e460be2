import type { ReactNode, Ref } from 'react';

/**
 * The store's form controls with their labels and error lines, each error tied to its control
 * (aria-describedby, aria-invalid) while it shows. Values and errors come from the caller (a
 * machine's context); typing is reported to `onChange`.
 */

/** The ids that describe a control: its error while there is one, then its hint. */
export const describedBy = (errorId: string, error: string | null | undefined, hint: string | null = null) =>
  [error ? errorId : null, hint].filter(Boolean).join(' ') || undefined;

export function FieldError({ id, message }: { id: string; message: string | null | undefined }) {
  return (
    <p className="field-error" id={id} hidden={!message}>
      {message ?? ''}
    </p>
  );
}

type TextFieldProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  type?: string;
  autoComplete?: string;
  optional?: boolean;
  multiline?: boolean;
  maxLength?: number;
  control?: Ref<HTMLInputElement & HTMLTextAreaElement>;
};

/** A labelled text input (or textarea). */
export function TextField({ id, label, value, onChange, error, type = 'text', autoComplete, optional, multiline, maxLength, control }: TextFieldProps) {
  const shared = {
    id,
    name: id,
    value,
    autoComplete,
    maxLength,
    required: !optional,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(`${id}-error`, error),
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  };
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {optional && <span className="muted"> (optional)</span>}
      </label>
      {multiline ? <textarea {...shared} ref={control} rows={2} /> : <input {...shared} ref={control} type={type} />}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** A group of radio buttons or checkboxes under a legend, with one error line for the group. */
export function ChoiceGroup({
  id,
  legend,
  hint,
  error,
  children,
}: {
  id: string;
  legend: string;
  hint?: string | null;
  error?: string | null;
  children: ReactNode;
}) {
  const hintId = hint ? `${id}-hint` : null;
  return (
    <fieldset id={id} className="choices" aria-invalid={error ? true : undefined} aria-describedby={describedBy(`${id}-error`, error, hintId)}>
      <legend>{legend}</legend>
      {hint && (
        <p className="muted" id={hintId!}>
          {hint}
        </p>
      )}
      {children}
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}

/** One radio or checkbox with its label and, on the right, what it costs. */
export function Choice({
  type,
  name,
  value,
  label,
  price,
  checked,
  onChange,
}: {
  type: 'radio' | 'checkbox';
  name: string;
  value: string;
  label: string;
  price: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = `${name}-${value}`;
  return (
    <label className="choice" htmlFor={id}>
      <input type={type} name={name} value={value} id={id} checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span>{label}</span>
      <span className="muted">{price}</span>
    </label>
  );
}
