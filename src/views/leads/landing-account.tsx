import { Button, Container, Text, Title } from '@mantine/core';
import { forwardRef } from 'react';
import { Link } from 'wouter';
import { CheckCircleIcon, Icon } from '../../components/line-icons';
import { navigationBase } from '../../components/navigation-base';
import type { LandingVisit } from '../../machines/leads/landing-visit.machine';
import classes from './landing-account.module.css';

/** The landing page for someone signed in (issue 10, item 6); the visit machine says who they are. */
type SessionSummary = NonNullable<LandingVisit['session']>;

/**
 * Where the header's link leads: an owner whose onboarding is not launched continues it; everyone
 * else opens the back office the base-path rule names (from /, superadmins /admin, others /backoffice).
 */
function accountLink(session: SessionSummary): { href: string; label: string; short: string } {
  if (!session.admin && session.onboarding && !session.onboarding.launched) {
    return { href: `/onboard/${session.onboarding.id}/location`, label: 'Continue setup', short: 'Setup' };
  }
  return { href: `/${navigationBase('/', { is_superadmin: session.superadmin })}`, label: 'Open back office', short: 'Back office' };
}

/**
 * "Open back office" (or "Continue setup") in place of Login and Join. Beside the brand on a
 * 320 px screen only the short words fit; the link's name stays the whole label.
 */
export function AccountLink({ session }: { session: SessionSummary }) {
  const { href, label, short } = accountLink(session);
  return (
    <Button component={Link} href={href} variant="filled" size="md" className={`${classes.touch} ${classes.account}`} aria-label={label}>
      <span className={classes.long}>{label}</span>
      <span className={classes.short}>{short}</span>
    </Button>
  );
}

/**
 * After Launch (which leads to /, replacing history): "Your restaurant is live" and one click into
 * the back office. Shown once (the visit machine removes the note Launch left as it reads it, so a
 * reload does not bring it back). The page moves the focus to it (`ref`) so screen readers announce
 * it; Dismiss closes it.
 */
export const LaunchConfirmation = forwardRef<HTMLDivElement, { session: SessionSummary; onDismiss: () => void }>(function LaunchConfirmation(
  { session, onDismiss },
  ref,
) {
  // The confirmation goes away with the focus on it: hand focus to the header's way in, not to the page's start.
  const dismiss = () => {
    onDismiss();
    document.querySelector<HTMLElement>('nav[aria-label="Account"] a')?.focus();
  };
  return (
    <Container size="lg" className={classes.launchWrap}>
      <div ref={ref} tabIndex={-1} role="status" aria-live="polite" aria-labelledby="launch-title" className={classes.launch}>
        <span className={classes.launchIcon}>
          <CheckCircleIcon size={28} />
        </span>
        <div className={classes.launchText}>
          <Title order={2} id="launch-title" className={classes.launchTitle}>
            Your restaurant is live
          </Title>
          <Text>Guests can now find you. Your menu, hours and delivery settings are waiting in the back office.</Text>
        </div>
        <div className={classes.launchActions}>
          <Button component={Link} href={accountLink(session).href} size="md" className={classes.touch}>
            Open back office
          </Button>
          <button type="button" className={classes.dismiss} aria-label="Dismiss" onClick={dismiss}>
            <Icon size={20}>
              <path d="M18 6 6 18M6 6l12 12" />
            </Icon>
          </button>
        </div>
      </div>
    </Container>
  );
});
