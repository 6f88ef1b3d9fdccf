import { Link } from '@tanstack/react-router';
import { MenuTexts } from '../../../contracts/menu-texts.ts';

/**
 * What /menu/favorites and /menu/previous show besides their list: a guest is asked to sign in (back to the page
 * after), a failed load offers a retry with the generic text.
 */
export function MemberListStatus({ guest, failed, what, returnUrl, onRetry }: { guest: boolean; failed: boolean; what: string; returnUrl: '/menu/favorites' | '/menu/previous'; onRetry: () => void }) {
  return (
    <>
      {guest ? (
        <div className="order-empty">
          <p>Sign in to see {what}.</p>
          <Link to="/account/signin" search={{ returnUrl }} className="btn btn--primary">
            Sign in
          </Link>
        </div>
      ) : null}
      {failed ? (
        <div className="order-empty" role="alert">
          <p>{MenuTexts.unexpectedError}</p>
          <button type="button" className="btn btn--primary" onClick={onRetry}>
            Try again
          </button>
        </div>
      ) : null}
    </>
  );
}
