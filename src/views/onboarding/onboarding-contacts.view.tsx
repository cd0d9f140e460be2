import '@mantine/core/styles/Input.css';
import { TextInput } from '@mantine/core';
import type { ContactsForm } from '../../machines/onboarding/onboarding-forms';
import { textField, type StepFieldsProps } from './onboarding-fields';
import { CONTACTS_LABELS } from './onboarding-labels';
import classes from './onboarding.module.css';

const FIELDS: { field: keyof ContactsForm; type: 'tel' | 'email'; autoComplete: string }[] = [
  { field: 'restaurant_phone', type: 'tel', autoComplete: 'tel' },
  { field: 'public_phone', type: 'tel', autoComplete: 'off' },
  { field: 'fax_number', type: 'tel', autoComplete: 'off' },
  { field: 'mobile_phone', type: 'tel', autoComplete: 'tel' },
  { field: 'contact_email', type: 'email', autoComplete: 'email' },
];

/** Contacts (spec section 3): five text fields, no client-side rules (spec section 5). */
export function ContactsFields({ form, errors, send }: StepFieldsProps<ContactsForm>) {
  const edit = (patch: Partial<ContactsForm>) => send({ type: 'field.change', step: 'contacts', patch });
  return (
    <div className={classes.row}>
      {FIELDS.map(({ field, type, autoComplete }) => (
        <TextInput key={field} label={CONTACTS_LABELS[field]} type={type} autoComplete={autoComplete} {...textField(form, errors, edit, field)} />
      ))}
    </div>
  );
}
