import { ForgotView } from './forgot.view';
import { LoginView } from './login.view';
import { OAuthCompleteView } from './oauth-complete.view';
import { PrivacyView } from './privacy.view';
import { RegisterView } from './register.view';
import { ResetView } from './reset.view';
import { TermsView } from './terms.view';

/** The sign-in area's screens (/login, /register, /forgot, /reset, /oauth/complete, /terms, /privacy). */
export type AuthScreen = 'login' | 'register' | 'forgot' | 'reset' | 'oauth-complete' | 'terms' | 'privacy';

/**
 * The entry of the auth chunk, lazily loaded by app.tsx: every screen of the area lives in
 * this one chunk (they share the layout, the code input and the sign-in machines).
 */
export function AuthArea({ screen }: { screen: AuthScreen }) {
  switch (screen) {
    case 'login':
      return <LoginView />;
    case 'register':
      return <RegisterView />;
    case 'forgot':
      return <ForgotView />;
    case 'reset':
      return <ResetView />;
    case 'oauth-complete':
      return <OAuthCompleteView />;
    case 'terms':
      return <TermsView />;
    case 'privacy':
      return <PrivacyView />;
  }
}
