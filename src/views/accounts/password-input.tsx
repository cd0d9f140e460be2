import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * The password fields of the sign-in forms: large, with a show/hide button reachable by Tab.
 * Given an `error`, the field is marked invalid: Mantine's PasswordInput shows the sentence and
 * links it (aria-describedby) but, unlike its other inputs, sets no `aria-invalid`.
 */
export function PasswordField(props: PasswordInputProps) {
  return <PasswordInput size="lg" visibilityToggleFocusable aria-invalid={props.error ? true : undefined} {...props} />;
}

/** A password being chosen (sign-up, reset): the length hint and the browser's new-password filling. */
export function NewPasswordField({ toggleLabel, ...props }: PasswordInputProps & { label: string; toggleLabel: string }) {
  return (
    <PasswordField
      name="password"
      autoComplete="new-password"
      description="At least 8 characters."
      visibilityToggleButtonProps={{ 'aria-label': toggleLabel }}
      {...props}
    />
  );
}
