import { Button } from '@mantine/core';
import { Link } from 'wouter';
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
