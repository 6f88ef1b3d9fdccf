import { LegalPage } from './LegalPages.tsx';

export function TermsOfUseView({ brandName }: { brandName: string }) {
  return (
    <LegalPage title="Terms of Use" updated="November 1, 2026">
      <p>
        These Terms of Use apply to the {brandName} website, the app and the {brandName} Rewards program. By creating an account or
        ordering ahead you agree to them. We updated them to describe order-ahead for guests and two-step verification.
      </p>
      <h2>Your account</h2>
      <p>Keep your password to yourself and tell us if you think someone else has used your account. You must be 13 or older to join.</p>
      <h2>Ordering ahead</h2>
      <p>
        Prices, items and hours are set by each store and can change. An order is accepted when the store confirms it; if a store
        cannot make your order we refund it to the payment method you used.
      </p>
      <h2>Rewards</h2>
      <p>Stars have no cash value, cannot be transferred and expire as described in the Rewards terms. We may change the program with 30 days' notice.</p>
      <h2>Contact</h2>
      <p>Questions about these terms: write to Customer Care, {brandName} Company, PO Box 1000, Seattle, WA 98101.</p>
    </LegalPage>
  );
}
