import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { GiftMessages, GiftTexts } from '../../../contracts/gift-messages.ts';
import { formatCents } from '../../../contracts/card-fields.ts';
import type { giftClaimMachine } from '../../../machines/gift-claim.machine.ts';
import { ErrorAlert, LoadFailed } from '../shared/blocks.tsx';
import { PageLoading } from '../shell/Loading.tsx';
import './gifting.css';

/**
 * /gift/claim#<token> (docs/gifting.md 1, 2.5): the received eGift's amount and its card's last four with Add to my
 * cards; signed out, Sign in or Create an account first; a claimed gift or a dead link says so. Renders the
 * giftClaim machine's snapshot and sends its events, nothing else.
 */
export function GiftClaimView({ actor }: { actor: ActorRefFrom<typeof giftClaimMachine> }) {
  const state = useSelector(actor, (s) => s);
  const { card, claimError } = state.context;
  const busy = state.matches('claiming');
  let body;
  if (state.matches('signedOut')) {
    body = (
      <>
        <p>{GiftMessages.claimSignIn}</p>
        <div className="gift-claim-actions">
          <button type="button" className="btn btn--primary" onClick={() => actor.send({ type: 'user.signIn' })}>
            {GiftTexts.claimSignInButton}
          </button>
          <button type="button" className="btn btn--ghost" onClick={() => actor.send({ type: 'user.createAccount' })}>
            {GiftTexts.claimCreateAccount}
          </button>
        </div>
      </>
    );
  } else if (state.matches('loadFailed')) {
    body = <LoadFailed error={GiftMessages.generic} onRetry={() => actor.send({ type: 'user.retry' })} />;
  } else if ((state.matches('ready') || busy) && card) {
    body = (
      <>
        <p className="gift-claim-amount">{GiftTexts.claimAmount(formatCents(card.balance.amount))}</p>
        <p>{GiftTexts.claimCardLastFour(card.lastFour)}</p>
        <ErrorAlert message={claimError} />
        <button type="button" className="btn btn--primary" aria-disabled={busy || undefined} onClick={() => !busy && actor.send({ type: 'user.claim' })}>
          {GiftTexts.claimAdd}
        </button>
      </>
    );
  } else if (state.matches('alreadyClaimed')) {
    body = (
      <>
        <p role="alert">{GiftMessages.giftAlreadyClaimed}</p>
        <Link to="/account/cards">{GiftTexts.seeMyCards}</Link>
      </>
    );
  } else if (state.matches('invalid')) {
    body = (
      <>
        <p role="alert">{GiftMessages.giftLinkInvalid}</p>
        <Link to="/gift">{GiftTexts.browseGifts}</Link>
      </>
    );
  } else {
    // resolving, or on the way to sign-in or to the card
    body = <PageLoading />;
  }
  return (
    <div className="gift-page gift-claim">
      <h1>{GiftTexts.claimTitle}</h1>
      {body}
    </div>
  );
}
