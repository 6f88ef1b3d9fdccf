import { Link } from '@tanstack/react-router';
import { accountMessages } from '../../services/error-catalogue.ts';
import { OutcomePage } from './blocks.tsx';
import './account.css';

/** /account/create/partial-success/:message: account created, card registration failed (spec 2 sections 2, 8). */
export function PartialSuccessView({ message }: { message: 'card-information-error' | 'card-state-error' }) {
  return (
    <OutcomePage
      tone="warn"
      heading={accountMessages.partialSuccessHeading}
      actions={
        <>
          <a href="/account/cards" className="btn btn--primary">
            Register a card
          </a>
          <Link to="/account/for-you" className="btn btn--ghost">
            Go to your account
          </Link>
        </>
      }
    >
      <p>{accountMessages[message]}</p>
    </OutcomePage>
  );
}
