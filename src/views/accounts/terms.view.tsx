import { PRODUCT_NAME } from '../../theme';
import { LegalPage } from './legal-page';

const CONTACT = 'legal@tablefront.example';

export function TermsView() {
  return (
    <LegalPage title="Terms of Service" updated="November 2026">
      <p>
        These terms apply when you create a {PRODUCT_NAME} account or use {PRODUCT_NAME} to put your restaurant online. By registering you agree to them. If you
        do not agree, please do not use the service.
      </p>

      <h2>1. Who can use {PRODUCT_NAME}</h2>
      <p>
        You must be at least 18 years old and allowed to act for the restaurant you set up. If you register on behalf of a business, you confirm that you may
        bind that business to these terms.
      </p>

      <h2>2. Your account</h2>
      <ul>
        <li>Keep your sign-in details to yourself and tell us at once if you think someone else used your account.</li>
        <li>You are responsible for what happens in your account, including changes made by people you let in.</li>
        <li>Give us accurate information about you and your restaurant, and keep it up to date.</li>
      </ul>

      <h2>3. Your restaurant's content</h2>
      <p>
        Your menu, prices, photos, opening hours and other details stay yours. You allow us to store and show them so that the service works, for example on
        your restaurant's ordering page. You confirm you have the right to use what you upload and that it is accurate, including allergen and price
        information.
      </p>

      <h2>4. Acceptable use</h2>
      <ul>
        <li>Do not use {PRODUCT_NAME} for anything unlawful, misleading or harmful to customers.</li>
        <li>Do not try to reach data of other restaurants, overload the service, or get around its security.</li>
        <li>Follow the food safety, licensing and consumer rules that apply to your restaurant.</li>
      </ul>

      <h2>5. Availability and changes</h2>
      <p>
        We work to keep {PRODUCT_NAME} running and your data safe, but we cannot promise the service will never be interrupted. We may improve or change
        features; if a change takes away something you rely on, we will tell you in advance where we reasonably can.
      </p>

      <h2>6. Fees</h2>
      <p>
        {PRODUCT_NAME} is free during early access. Before any paid plan applies to you, we will show you its price and ask you to accept it. Nothing is charged
        without your agreement.
      </p>

      <h2>7. Ending your account</h2>
      <p>
        You can stop using {PRODUCT_NAME} and ask us to close your account at any time. We may suspend or close an account that breaks these terms, after
        warning you where possible. When an account closes, we delete or anonymise its data as described in our Privacy Policy.
      </p>

      <h2>8. Liability</h2>
      <p>
        To the extent the law allows, we are not liable for indirect losses such as lost profits, and our total liability is limited to the fees you paid us in
        the twelve months before the claim. Nothing in these terms limits rights that the law does not allow to be limited.
      </p>

      <h2>9. Contact</h2>
      <p>
        Questions about these terms: <a href={`mailto:${CONTACT}`}>{CONTACT}</a>.
      </p>
    </LegalPage>
  );
}
