import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Anchor, Button, Container, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { forwardRef, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { Link } from 'wouter';
import { FieldsToFix, focusFirstInError, labelsInError } from '../../components/form-errors';
import { AlertCircleIcon, CheckCircleIcon } from '../../components/line-icons';
import { usePageTitle } from '../../components/page-title';
import { FooterLink, SiteFooter, SiteFrame } from '../../components/site-frame';
import { SIGNUP_SUCCESS, landingSignupMachine, type LandingSignupMachine, type SignupField } from '../../machines/leads/landing-signup.machine';
import { landingVisitMachine, type LandingVisitMachine } from '../../machines/leads/landing-visit.machine';
import { PRODUCT_NAME } from '../../theme';
import { bindField } from '../shared/bind-field';
import { useScreen } from '../shared/use-screen';
import { AccountLink } from './landing-account';
import { MenuIcon, RocketIcon, ScooterIcon } from './landing-icons';
import classes from './landing.module.css';

export interface LandingViewProps {
  /** The sign-up machine; tests pass one whose `submitSignup` actor they control. */
  machine?: LandingSignupMachine;
  /** Who is visiting; tests pass one with a visit of their own. */
  visitMachine?: LandingVisitMachine;
}

/** The page's h1, and so its tab title (without the sentence's full stop). */
const HEADLINE = 'Online ordering and delivery, run by your restaurant';

export function LandingView({ machine = landingSignupMachine, visitMachine = landingVisitMachine }: LandingViewProps) {
  usePageTitle(HEADLINE);
  const titleId = useId();
  const [visit] = useMachine(visitMachine, { input: undefined }); // the machine reads the browser's storage
  const { session } = visit.context;
  return (
    <SiteFrame
      aside={
        <nav aria-label="Account" className={classes.headerNav}>
          {session ? (
            <AccountLink session={session} />
          ) : (
            <>
              <Button component={Link} href="/login" variant="subtle" color="dark" size="md" className={classes.touch}>
                Login
              </Button>
              <Button component={Link} href="/register" variant="filled" size="md" className={classes.touch}>
                Join
              </Button>
            </>
          )}
        </nav>
      }
      footer={
        <SiteFooter label="Legal and more">
          <FooterLink href="/surveys/restaurants">Run a restaurant? Take our operator survey</FooterLink>
        </SiteFooter>
      }
    >
      <Container size="lg" className={classes.hero}>
        <div className={classes.pitch}>
          <Text className={classes.eyebrow}>For independent restaurants</Text>
          <Title order={1} className={classes.headline}>
            {HEADLINE}.
          </Title>
          <Text className={classes.lead}>
            {PRODUCT_NAME} puts your menu, delivery zones and opening hours in one simple back office. We are opening area by area: leave your zip code and
            email, and we will tell you the day we launch near you.
          </Text>
        </div>
        <section className={classes.card} aria-labelledby={titleId}>
          <SignupCard machine={machine} titleId={titleId} />
        </section>
        <ul className={classes.points} aria-label={`What ${PRODUCT_NAME} gives you`}>
          <SellingPoint icon={<MenuIcon size={22} />} title="Your menu, your prices">
            Categories, options and toppings you can change in minutes, whenever you like.
          </SellingPoint>
          <SellingPoint icon={<ScooterIcon size={22} />} title="Delivery on your terms">
            You choose the zones, fees, order minimums and hours you deliver.
          </SellingPoint>
          <SellingPoint icon={<RocketIcon size={22} />} title="Live in an afternoon">
            Seven guided steps take you from sign-up to your first day online.
          </SellingPoint>
        </ul>
      </Container>
    </SiteFrame>
  );
}

/**
 * The card's one message: the thanks (focusable, announced politely) or the failure (announced
 * at once). Plain markup rather than Mantine's Alert, which would add 1.6 KB gzipped to the
 * page's 120 KB budget for a coloured box.
 */
const Notice = forwardRef<HTMLDivElement, { tone: 'success' | 'error'; children: ReactNode }>(function Notice({ tone, children }, ref) {
  const success = tone === 'success';
  return (
    <div
      ref={ref}
      tabIndex={success ? -1 : undefined}
      role={success ? 'status' : 'alert'}
      aria-live={success ? 'polite' : 'assertive'}
      className={`${classes.notice} ${success ? classes.noticeSuccess : classes.noticeError}`}
    >
      <span className={classes.noticeIcon}>{success ? <CheckCircleIcon /> : <AlertCircleIcon />}</span>
      <div>{children}</div>
    </div>
  );
});

function SellingPoint({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className={classes.point}>
      <span className={classes.pointIcon} aria-hidden="true">
        {icon}
      </span>
      <div>
        <Text fw={700} className={classes.pointTitle}>
          {title}
        </Text>
        <Text c="dimmed" size="sm">
          {children}
        </Text>
      </div>
    </li>
  );
}

/** The fields in the form's order, with their labels, for the summary of what to fix. */
const FIELD_LABELS: readonly (readonly [SignupField, string])[] = [
  ['zip_code', 'Zip code'],
  ['email', 'Email'],
];

function SignupCard({ machine, titleId }: { machine: LandingSignupMachine; titleId: string }) {
  const [state, send, actor] = useMachine(machine);
  const formRef = useRef<HTMLFormElement>(null);
  const zipRef = useRef<HTMLInputElement>(null);
  const successRef = useRef<HTMLDivElement>(null);
  // Keyboard and screen-reader users land where the news is, once React has drawn it: the first
  // field to fix after a refusal (here or by the server), the thank-you after a sign-up, the
  // first field of a fresh form after "Sign up another address".
  useScreen(actor, {
    'screen.refused': () =>
      setTimeout(() => {
        if (formRef.current) focusFirstInError(formRef.current);
      }),
    'screen.focus': ({ on }) => setTimeout(() => (on === 'thanks' ? successRef : zipRef).current?.focus()),
  });

  const submitting = state.hasTag('submitting');
  const { zip_code, email, fieldErrors, error } = state.context;
  const labelsToFix = labelsInError(fieldErrors, FIELD_LABELS);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    send({ type: 'form.submit' });
  }

  if (state.hasTag('signedUp')) {
    return (
      <Stack gap="md" className={classes.cardBody}>
        <Title order={2} id={titleId} className={classes.cardTitle}>
          You are on the list
        </Title>
        <Notice ref={successRef} tone="success">
          {SIGNUP_SUCCESS}
        </Notice>
        <Text c="dimmed">
          We will write to <strong>{email.trim().toLowerCase()}</strong> as soon as {PRODUCT_NAME} opens in <strong>{zip_code.trim().toUpperCase()}</strong>.
        </Text>
        <Button variant="default" size="md" fullWidth className={classes.touch} onClick={() => send({ type: 'form.reset' })}>
          Sign up another address
        </Button>
      </Stack>
    );
  }

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className={classes.cardBody}>
      <Stack gap="md">
        <div>
          <Title order={2} id={titleId} className={classes.cardTitle}>
            Be the first to know
          </Title>
          <Text c="dimmed" mt={6}>
            One email when we launch in your area. Nothing else.
          </Text>
        </div>
        {error !== null || labelsToFix.length > 0 ? (
          <Notice tone="error">
            {error}
            <FieldsToFix labels={labelsToFix} />
          </Notice>
        ) : null}
        <TextInput
          ref={zipRef}
          label="Zip code"
          size="lg"
          autoComplete="postal-code"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="e.g. 94107"
          readOnly={submitting}
          {...bindField(state, send, 'zip_code')}
        />
        <TextInput
          label="Email"
          type="email"
          size="lg"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="you@yourrestaurant.com"
          readOnly={submitting}
          {...bindField(state, send, 'email')}
        />
        <Button type="submit" size="lg" fullWidth loading={submitting} className={classes.submit}>
          Notify me!
        </Button>
        <Text size="xs" c="dimmed" ta="center">
          We use your email only for this. See our{' '}
          <Anchor component={Link} href="/privacy" inherit underline="always">
            privacy policy
          </Anchor>
          .
        </Text>
      </Stack>
    </form>
  );
}
