import { PRODUCT_NAME } from '../../theme';
import { LegalPage } from './legal-page';

const CONTACT = 'privacy@tablefront.example';

export function PrivacyView() {
  return (
    <LegalPage title="Privacy Policy" updated="November 2026">
      <p>
        This policy explains what personal data {PRODUCT_NAME} collects, why, and what you can ask us to do with it. We collect as little as we need to run the
        service.
      </p>

      <h2>What we collect</h2>
      <ul>
        <li>
          <strong>Account details:</strong> your email address, first and last name, and a password stored only as a one-way hash. If you sign in with Google,
          we receive your name and verified email from Google.
        </li>
        <li>
          <strong>Restaurant details:</strong> what you enter during onboarding and in the back office, such as the address, opening hours, delivery settings,
          contacts and menu.
        </li>
        <li>
          <strong>Sign-up for news:</strong> if you leave your zip code and email on our home page, we keep them to tell you when we launch near you.
        </li>
        <li>
          <strong>Technical data:</strong> sign-in times, your browser's user agent and IP address in our logs, kept to secure the service and find faults.
        </li>
      </ul>

      <h2>Why we use it</h2>
      <ul>
        <li>To create your account and sign you in, including sending one-time codes by email.</li>
        <li>To run your restaurant's pages and back office.</li>
        <li>To keep the service secure, for example by limiting repeated sign-in attempts.</li>
        <li>To send messages you asked for. We do not send marketing without your consent.</li>
      </ul>

      <h2>Who we share it with</h2>
      <p>
        We do not sell personal data. We share it only with providers that help us run {PRODUCT_NAME} (hosting and email delivery), under contracts that limit
        them to that purpose, and when the law requires it.
      </p>

      <h2>Storage in your browser</h2>
      <p>
        When you sign in, your browser keeps sign-in tokens. With "Remember me" on they stay in local storage until you sign out; with it off they are kept for
        the open tab only. We do not use advertising cookies.
      </p>

      <h2>How long we keep it</h2>
      <p>
        Account and restaurant data are kept while your account is open and deleted or anonymised within 30 days after you close it, except where the law
        requires us to keep records longer. Log data is kept for up to 90 days.
      </p>

      <h2>Your rights</h2>
      <p>
        You can ask to see, correct, export or delete your personal data, or object to how we use it. Write to <a href={`mailto:${CONTACT}`}>{CONTACT}</a>; we
        answer within 30 days. You may also complain to your local data protection authority.
      </p>
    </LegalPage>
  );
}
