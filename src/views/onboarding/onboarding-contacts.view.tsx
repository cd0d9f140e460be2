import '@mantine/core/styles/Input.css';
import { TextInput } from '@mantine/core';
import type { ContactsForm } from '../../machines/onboarding/onboarding-forms';
import type { StepFieldsProps } from './onboarding-fields';
import classes from './onboarding.module.css';

const FIELDS: { field: keyof ContactsForm; label: string; type: 'tel' | 'email'; autoComplete: string }[] = [
  { field: 'restaurant_phone', label: 'Restaurant phone', type: 'tel', autoComplete: 'tel' },
  { field: 'public_phone', label: 'Public phone', type: 'tel', autoComplete: 'off' },
  { field: 'fax_number', label: 'Fax number', type: 'tel', autoComplete: 'off' },
  { field: 'mobile_phone', label: 'Mobile phone', type: 'tel', autoComplete: 'tel' },
  { field: 'contact_email', label: 'Contact email', type: 'email', autoComplete: 'email' },
];

/** Contacts (spec section 3): five text fields, no client-side rules (spec section 5). */
export function ContactsFields({ form, errors, send }: StepFieldsProps<ContactsForm>) {
  return (
    <div className={classes.row}>
      {FIELDS.map(({ field, label, type, autoComplete }) => (
        <TextInput
          key={field}
          label={label}
          type={type}
          autoComplete={autoComplete}
          value={form[field]}
          onChange={(event) => send({ type: 'field.change', step: 'contacts', patch: { [field]: event.currentTarget.value } })}
          error={errors[field]}
        />
      ))}
    </div>
  );
}
