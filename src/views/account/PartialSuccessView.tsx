import { accountMessages } from '../../services/error-catalogue.ts';
import { OutcomePage } from './blocks.tsx';
import './account.css';

/** /account/create/partial-success/:message: account created, card registration failed (spec 2 sections 2, 8). */
export function PartialSuccessView({ message }: { message: 'card-information-error' | 'card-state-error' }) {
  return (
    <OutcomePage
      tone="warn"
      heading={accountMessages.partialSuccessHeading}
      primary={{ to: '/account/cards', label: 'Register a card' }}
      secondary={{ to: '/account/for-you', label: 'Go to your account' }}
    >
      <p>{accountMessages[message]}</p>
    </OutcomePage>
  );
}
