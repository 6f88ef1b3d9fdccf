import { Link } from '@tanstack/react-router';
import { LegalPage } from './LegalPages.tsx';

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
