import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Alert, Button, Text, Title } from '@mantine/core';
import { forwardRef, type ReactNode } from 'react';
import { Link } from 'wouter';
import { FieldsToFix, labelsInError } from '../../components/form-errors';
import { FIELDS_NOT_VALID } from '../../machines/accounts/auth-errors';
import { AlertCircleIcon, CheckCircleIcon } from '../../components/line-icons';
import { SiteFooter, SiteFrame } from '../../components/site-frame';
import { MailIcon } from './auth-icons';
import classes from './auth.module.css';

/** The header's way to the login screen, beside the screens that are not it. */
export function LoginButton() {
  return (
    <Button component={Link} href="/login" variant="subtle" color="dark" size="md" className={classes.touch}>
      Login
    </Button>
  );
}

/** The page around every sign-in screen: the site's header and footer around one card. */
export function AuthPage({ aside, children, wide = false }: { aside?: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <SiteFrame aside={aside ? <div className={classes.headerAside}>{aside}</div> : null} footer={<SiteFooter label="Legal" />} mainClassName={classes.main}>
      {wide ? children : <section className={classes.card}>{children}</section>}
    </SiteFrame>
  );
}

/** The card's heading: an optional small line above, the title, an optional lead below. */
export function CardHeading({ eyebrow, title, children, titleId }: { eyebrow?: string; title: string; children?: ReactNode; titleId?: string }) {
  return (
    <div>
      {eyebrow ? <Text className={classes.eyebrow}>{eyebrow}</Text> : null}
      <Title order={1} className={classes.title} id={titleId}>
        {title}
      </Title>
      {children ? <Text className={classes.lead}>{children}</Text> : null}
    </div>
  );
}

/** A failure the person should read now (announced at once by screen readers). */
export function ErrorAlert({ children }: { children: ReactNode }) {
  return (
    <Alert role="alert" color="red" variant="light" radius="md" icon={<AlertCircleIcon />} className={classes.alert}>
      {children}
    </Alert>
  );
}

/**
 * A refused submit: the sentence (the server's, or that some fields are not valid) and the
 * labels of the fields in error, in the form's order (`fields`: each field and its label).
 * When one field alone is in error and the sentence says nothing more than its message (the form's
 * own refusal, or the server's sentence given for that field), the field's message, tied to it and
 * focused, is the one message.
 */
export function RefusalAlert<F extends string>({
  error,
  fieldErrors,
  fields,
}: {
  error: string | null;
  fieldErrors: Partial<Record<F, string>>;
  fields: readonly (readonly [F, string])[];
}) {
  if (!error) return null;
  const labels = labelsInError(fieldErrors, fields);
  // A summary saying it again, with "Check <field>.", would make three messages of one.
  if (labels.length === 1 && (error === FIELDS_NOT_VALID || Object.values(fieldErrors).includes(error))) return null;
  return (
    <ErrorAlert>
      {error}
      <FieldsToFix labels={labels} />
    </ErrorAlert>
  );
}

/** Good news (teal) or a note about the mail (blue); focusable so a view can move the cursor to it. */
export const NoticeAlert = forwardRef<HTMLDivElement, { children: ReactNode; color?: 'teal' | 'blue' }>(function NoticeAlert(
  { children, color = 'teal' },
  ref,
) {
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      role="status"
      color={color}
      variant="light"
      radius="md"
      icon={color === 'blue' ? <MailIcon /> : <CheckCircleIcon />}
      className={classes.alert}
    >
      {children}
    </Alert>
  );
});

export { classes as authClasses };
