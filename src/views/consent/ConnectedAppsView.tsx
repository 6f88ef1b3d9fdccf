import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { connectedAppsMachine } from '../../../machines/connected-apps.machine.ts';
import { CLAIM_TEXTS } from '../../../contracts/oauth.ts';
import { LoadFailed } from '../shared/blocks.tsx';
import { Spinner } from '../shell/Loading.tsx';
import './consent.css';

/** /account/settings: the third-party apps with access to the account, each with Remove access (issue 11). */
export function ConnectedAppsView({ actor }: { actor: ActorRefFrom<typeof connectedAppsMachine> }) {
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.matches('loadFailed'));
  const apps = useSelector(actor, (s) => s.context.apps);
  const error = useSelector(actor, (s) => s.context.error);
  const revoking = useSelector(actor, (s) => s.context.revoking);
  return (
    <section className="account-card" aria-labelledby="connected-apps-heading">
      <h2 id="connected-apps-heading">Connected apps</h2>
      <p>Apps you gave access to your account. Remove an app's access and it can no longer reach your account.</p>
      {loading ? <Spinner label="Loading connected apps" /> : null}
      {failed ? <LoadFailed error={error} onRetry={() => actor.send({ type: 'user.retry' })} /> : null}
      {apps && !apps.length ? <p>No apps have access to your account.</p> : null}
      {apps?.length ? (
        <ul className="consent-apps">
          {apps.map((a) => (
            <li key={a.clientId} className="consent-app">
              <span className="consent-app-name">
                <img src={a.clientImage} alt="" width={40} height={40} />
                <span>
                  <strong>{a.clientName}</strong>
                  <br />
                  <small>{a.scopes.map((s) => CLAIM_TEXTS[s]).join('; ')}</small>
                </span>
              </span>
              <button type="button" className="btn btn--ghost" disabled={!!revoking} aria-label={`Remove access for ${a.clientName}`} onClick={() => actor.send({ type: 'user.revoke', clientId: a.clientId })}>
                {revoking === a.clientId ? 'Removing…' : 'Remove access'}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
