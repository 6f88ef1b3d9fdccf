import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import './legal.css';

/**
 * Short help and legal pages linked from the delivery landing page, sign-in and account creation.
 * They are SAMPLE TEXT for this demo app (each page says so): real terms come from the legal team.
 */
export const SAMPLE_NOTICE = 'Sample text: this demo shows where the real document goes. It is not a legal agreement.';

function LegalPage({ title, updated, children }: { title: string; updated: string; children: ReactNode }) {
  return (
    <article className="legal-page">
      <h1>{title}</h1>
      <p className="legal-sample" role="note">{SAMPLE_NOTICE}</p>
      <p className="legal-updated">Last updated {updated}</p>
      {children}
      <nav aria-label="Legal" className="legal-links">
        <Link to="/terms-of-use">Terms of Use</Link>
        <Link to="/card-terms">Card Terms</Link>
        <Link to="/privacy-statement">Privacy Statement</Link>
        <Link to="/help/delivery-faq">Delivery FAQ</Link>
      </nav>
    </article>
  );
}

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

export function CardTermsView({ brandName }: { brandName: string }) {
  return (
    <LegalPage title="Card Terms" updated="November 1, 2026">
      <p>These terms apply to {brandName} Cards, physical and digital, including cards you receive as an eGift.</p>
      <h2>Using your card</h2>
      <p>
        A card pays for purchases at participating stores and for orders placed ahead. It is not a credit or debit card, and its
        balance cannot be redeemed for cash unless the law requires it.
      </p>
      <h2>Balance</h2>
      <p>A card can hold up to $500. Reloads are added when the payment is approved. Balances do not expire and carry no fees.</p>
      <h2>Lost or stolen cards</h2>
      <p>Register your card so we can protect the balance: report a lost registered card and we move the remaining balance to a new one.</p>
    </LegalPage>
  );
}

export function PrivacyStatementView({ brandName }: { brandName: string }) {
  return (
    <LegalPage title="Privacy Statement" updated="November 1, 2026">
      <p>This statement explains what {brandName} collects when you use the website or the app, and what we do with it.</p>
      <h2>What we collect</h2>
      <ul>
        <li>Account details you give us: name, email address, phone number for two-step verification, birthday.</li>
        <li>Orders, favorite stores and products, and card transactions.</li>
        <li>Your location, only when you ask for stores near you.</li>
      </ul>
      <h2>How we use it</h2>
      <p>To run your account, take and prepare your orders, keep your account secure, and send the messages you choose in your communication preferences.</p>
      <h2>Your choices</h2>
      <p>You can change your communication preferences, download your data or delete your account in Settings at any time.</p>
      <p>
        To ask us not to sell or share your personal information, use <Link to="/personal-information">Do Not Sell or Share My Personal Information</Link>.
      </p>
    </LegalPage>
  );
}

const faqs: Array<{ q: string; a: string }> = [
  { q: 'Who delivers my order?', a: 'Orders are delivered by our delivery partner. Their driver picks up your order from a nearby store and brings it to you.' },
  { q: 'Why do I rebuild my bag with the partner?', a: "The partner's app has its own menu and checkout, so items in your pickup bag are not carried over." },
  { q: 'Are prices the same as in store?', a: 'Menu prices for delivery can be higher than in store, and delivery and service fees may apply.' },
  { q: 'Can I earn Stars on delivery orders?', a: 'Not yet: delivery orders are paid to the partner and do not earn Stars.' },
  { q: 'Something is wrong with my order. Who do I contact?', a: "Contact the delivery partner's support from their app: they handle refunds for delivery orders." },
];

export function DeliveryFaqView({ brandName }: { brandName: string }) {
  return (
    <LegalPage title="Delivery FAQ" updated="November 1, 2026">
      <p>Answers to common questions about {brandName} delivery.</p>
      {faqs.map((f) => (
        <section key={f.q} className="legal-faq">
          <h2>{f.q}</h2>
          <p>{f.a}</p>
        </section>
      ))}
    </LegalPage>
  );
}
