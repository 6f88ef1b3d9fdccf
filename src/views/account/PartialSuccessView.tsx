import { Link } from '@tanstack/react-router';
import { accountMessages } from '../../services/error-catalogue.ts';
import './account.css';

/** /account/create/partial-success/:message: account created, card registration failed (spec 2 sections 2, 8). */
export function PartialSuccessView({ message }: { message: 'card-information-error' | 'card-state-error' }) {
  return (
    <div className="account-page account-center">
      <section className="account-card">
        <div className="account-icon account-icon--warn" aria-hidden="true">!</div>
        <h1 className="account-heading">{accountMessages.partialSuccessHeading}</h1>
        <p>{accountMessages[message]}</p>
        <div className="account-actions">
          <a href="/account/cards" className="btn btn--primary">
            Register a card
          </a>
          <Link to="/account/for-you" className="btn btn--ghost">
            Go to your account
          </Link>
        </div>
      </section>
    </div>
  );
}
