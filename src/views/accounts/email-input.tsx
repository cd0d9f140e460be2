import '@mantine/core/styles/Input.css';
import { TextInput, type TextInputProps } from '@mantine/core';

/**
 * The email field of the sign-in forms, with what an address needs on a phone: the email
 * keyboard, autofill, and no capitals or spelling fixes. Any prop overrides (login autofills
 * the username).
 */
export function EmailInput(props: TextInputProps) {
  return (
    <TextInput label="Email" name="email" type="email" size="lg" autoComplete="email" inputMode="email" autoCapitalize="none" spellCheck={false} {...props} />
  );
}
