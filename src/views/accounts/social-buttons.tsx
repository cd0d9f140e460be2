import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/VisuallyHidden.css';
import { Button, Divider, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { API_BASE, paths } from '../../../contracts/shared/paths';
import { AppleIcon, FacebookIcon, GoogleIcon } from './auth-icons';
import classes from './auth.module.css';

/** A full page load: the server runs the OAuth flow and comes back to /oauth/complete. */
export const GOOGLE_START_URL = `${API_BASE}${paths.auth.googleStart}`;

/**
 * Spec section 2: Google sign-in enabled; Apple and Facebook shown, disabled, "coming soon".
 * The disabled ones say so in their text, not only in a tooltip a disabled button cannot show.
 */
export function SocialButtons() {
  return (
    <div className={classes.social}>
      <Button
        component="a"
        href={GOOGLE_START_URL}
        variant="default"
        size="md"
        fullWidth
        leftSection={<GoogleIcon />}
        className={`${classes.socialButton} ${classes.touch}`}
      >
        Continue with Google
      </Button>
      <div className={classes.socialSoon}>
        <ComingSoon provider="Apple" icon={<AppleIcon />} />
        <ComingSoon provider="Facebook" icon={<FacebookIcon />} />
      </div>
    </div>
  );
}

/**
 * "Apple / coming soon" on screen, "Continue with Apple (coming soon)" to a screen reader: the
 * name is the button's own text plus hidden words, so it contains what is seen (WCAG 2.5.3) and
 * a voice user can say "Apple".
 */
function ComingSoon({ provider, icon }: { provider: string; icon: ReactNode }) {
  return (
    <Button variant="default" size="md" fullWidth disabled leftSection={icon} className={classes.socialButton}>
      <span className={classes.soonLabel}>
        <span>
          <VisuallyHidden component="span">Continue with</VisuallyHidden> {provider}
        </span>{' '}
        <span className={classes.soon}>
          <VisuallyHidden component="span">(</VisuallyHidden>
          coming soon
          <VisuallyHidden component="span">)</VisuallyHidden>
        </span>
      </span>
    </Button>
  );
}

export function OrDivider() {
  return <Divider label="or use your email" labelPosition="center" my={4} />;
}
