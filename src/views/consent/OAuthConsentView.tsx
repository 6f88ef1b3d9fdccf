import { useSelector } from '@xstate/react';
import { Link } from '@tanstack/react-router';
import type { ActorRefFrom } from 'xstate';
import { cancelDestination, type oauthConsentMachine } from '../../../machines/oauth-consent.machine.ts';
import { ConsentMessages } from '../../../contracts/oauth.ts';
import { Dialog } from '../shell/Dialog.tsx';
import { Spinner } from '../shell/Loading.tsx';
import './consent.css';

/**
 * /oauth/authorize (spec 2 section 2): no global navigation; while loading or redirecting the heading is the
 * loading title with an ellipsis; the form shows the client image and name, the intro text, the claims, a Cancel
 * link and a Confirm button; failures show the error dialog (section 8).
 */
export function OAuthConsentView({ actor, product }: { actor: ActorRefFrom<typeof oauthConsentMachine>; product: string }) {
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const consenting = useSelector(actor, (s) => s.matches('consenting'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const unavailable = useSelector(actor, (s) => s.matches('unavailable'));
  const redirecting = useSelector(actor, (s) => s.matches('redirecting'));
  const status = useSelector(actor, (s) => s.context.status);
  const error = useSelector(actor, (s) => s.context.error);
  const cancelHref = cancelDestination(status);
  const dismiss = () => actor.send({ type: 'user.dismiss' });

  return (
    <div className="consent-page">
      <h1 className="consent-heading">{loading ? ConsentMessages.loading : ConsentMessages.heading(product)}</h1>
      {loading ? (
        <div className="consent-loading">
          {redirecting && status?.authorized ? <p role="status">{ConsentMessages.alreadyAuthorized(status.clientName)}</p> : null}
          <Spinner label={ConsentMessages.loading} />
        </div>
      ) : null}
      {consenting && status ? (
        <section className="consent-card" aria-label={status.clientName}>
          <div className="consent-client">
            <img src={status.clientImage} alt="" width={64} height={64} />
            <h2 className="consent-client-name">{status.clientName}</h2>
          </div>
          <p>{ConsentMessages.intro(status.clientName)}</p>
          <ul className="consent-claims">
            {status.claims.map((c) => (
              <li key={c.scope}>{c.description}</li>
            ))}
          </ul>
          <div className="consent-actions">
            {cancelHref ? (
              <a
                href={cancelHref}
                className="btn btn--ghost"
                onClick={(e) => {
                  e.preventDefault();
                  actor.send({ type: 'user.cancel' });
                }}
              >
                {ConsentMessages.cancel}
              </a>
            ) : (
              <button type="button" className="btn btn--ghost" onClick={() => actor.send({ type: 'user.cancel' })}>
                {ConsentMessages.cancel}
              </button>
            )}
            <button type="button" className="btn btn--primary" onClick={() => actor.send({ type: 'user.confirm' })}>
              {ConsentMessages.confirm}
            </button>
          </div>
        </section>
      ) : null}
      {unavailable ? (
        <div className="consent-card">
          <p>{ConsentMessages.invalidRequest}</p>
          <Link to="/account/for-you" className="btn btn--ghost">
            Back to your account
          </Link>
        </div>
      ) : null}
      <Dialog
        open={failed}
        title={ConsentMessages.errorTitle}
        onClose={dismiss}
        actions={
          <button type="button" className="btn btn--primary" onClick={dismiss}>
            Close
          </button>
        }
      >
        <p>{error}</p>
      </Dialog>
    </div>
  );
}
