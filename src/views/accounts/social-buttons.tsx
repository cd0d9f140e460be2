import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Divider.css';
import { Button, Divider } from '@mantine/core';
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
        <Button variant="default" size="md" fullWidth disabled aria-label="Continue with Apple (coming soon)" leftSection={<AppleIcon />} className={classes.socialButton}>
          <span className={classes.soonLabel}>
            Apple<span className={classes.soon}>coming soon</span>
          </span>
        </Button>
        <Button variant="default" size="md" fullWidth disabled aria-label="Continue with Facebook (coming soon)" leftSection={<FacebookIcon />} className={classes.socialButton}>
          <span className={classes.soonLabel}>
            Facebook<span className={classes.soon}>coming soon</span>
          </span>
        </Button>
      </div>
    </div>
  );
}

export function OrDivider() {
  return <Divider label="or use your email" labelPosition="center" my={4} />;
}
