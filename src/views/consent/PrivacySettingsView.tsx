import { useSelector } from '@xstate/react';
import { Link } from '@tanstack/react-router';
import type { ActorRefFrom } from 'xstate';
import { PrivacyMessages } from '../../../contracts/privacy.ts';
import type { privacySettingsMachine } from '../../../machines/privacy-settings.machine.ts';
import { LoadFailed } from '../shared/blocks.tsx';
import { Spinner } from '../shell/Loading.tsx';
import '../shared/page.css';
import './consent.css';

/** /account/settings/privacy: the member's opt-out, shown and changed; and the way to the marketing emails. */
export function PrivacySettingsView({ actor }: { actor: ActorRefFrom<typeof privacySettingsMachine> }) {
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.matches('loadFailed'));
  const saving = useSelector(actor, (s) => s.matches('saving'));
  const optedOut = useSelector(actor, (s) => s.context.optedOut);
  const pending = useSelector(actor, (s) => s.context.saving);
  const error = useSelector(actor, (s) => s.context.error);
  const shown = pending ?? optedOut;
  return (
    <div className="account-page account-page--wide">
      <h1 className="account-heading">Privacy</h1>
      <section className="account-card" aria-labelledby="privacy-optout-heading">
        <h2 id="privacy-optout-heading">{PrivacyMessages.settingsHeading}</h2>
        {loading ? <Spinner label="Loading your privacy choice" /> : null}
        {failed ? <LoadFailed error={error} onRetry={() => actor.send({ type: 'user.retry' })} /> : null}
        {optedOut !== null && !failed ? (
          <>
            <p role="status">{optedOut ? PrivacyMessages.settingsOptedOut : PrivacyMessages.settingsNotOptedOut}</p>
            <label className="cookie-choice">
              <input type="checkbox" checked={!!shown} disabled={saving} onChange={(e) => actor.send({ type: 'user.toggle', optedOut: e.currentTarget.checked })} />
              <span>{PrivacyMessages.settingsToggle}</span>
            </label>
          </>
        ) : null}
      </section>
      <section className="account-card">
        <h2>Marketing emails</h2>
        <p>Choose which emails you get from us.</p>
        <div className="account-actions">
          <Link to="/account/settings/communication-preferences" className="btn btn--ghost">
            Communication preferences
          </Link>
        </div>
      </section>
    </div>
  );
}
