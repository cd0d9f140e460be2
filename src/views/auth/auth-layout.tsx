import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Alert, Anchor, Container, Text, Title } from '@mantine/core';
import { forwardRef, type ReactNode } from 'react';
import { Link } from 'wouter';
import { PRODUCT_NAME } from '../../theme';
import { AlertCircleIcon, CheckCircleIcon, ClocheIcon, MailIcon } from './auth-icons';
import classes from './auth.module.css';

/** The page around every sign-in screen: the Tablefront header, one card, the legal footer. */
export function AuthPage({ aside, children, wide = false }: { aside?: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <div className={classes.page}>
      <header className={classes.header}>
        <Container size="lg" className={classes.headerInner}>
          <Anchor component={Link} href="/" className={classes.brand} underline="never" aria-label={`${PRODUCT_NAME} home`}>
            <span className={classes.brandMark}>
              <ClocheIcon size={22} />
            </span>
            <span>{PRODUCT_NAME}</span>
          </Anchor>
          {aside ? <div className={classes.headerAside}>{aside}</div> : null}
        </Container>
      </header>
      <main className={classes.main}>{wide ? children : <section className={classes.card}>{children}</section>}</main>
      <footer className={classes.footer}>
        <Container size="lg" className={classes.footerInner}>
          <Text size="sm" c="dimmed">
            © {new Date().getFullYear()} {PRODUCT_NAME}
          </Text>
          <nav aria-label="Legal" className={classes.footerNav}>
            <Anchor component={Link} href="/terms" c="dimmed" size="sm" className={classes.footerLink}>
              Terms
            </Anchor>
            <Anchor component={Link} href="/privacy" c="dimmed" size="sm" className={classes.footerLink}>
              Privacy
            </Anchor>
          </nav>
        </Container>
      </footer>
    </div>
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
