import { useSelector } from '@xstate/react';
import { Link } from '@tanstack/react-router';
import type { ActorRefFrom } from 'xstate';
import type { mfaSettingsMachine } from '../../../machines/mfa-settings.machine.ts';
import { Dialog } from '../shell/Dialog.tsx';
import { PageLoading } from '../shell/Loading.tsx';
import { AccountPage, ErrorAlert, RetryButton } from '../shared/blocks.tsx';
import '../shared/page.css';

/** /account/settings/mfa: 2-step verification status, add, edit, remove. */
export function MfaSettingsView({ actor }: { actor: ActorRefFrom<typeof mfaSettingsMachine> }) {
  const loading = useSelector(actor, (s) => s.matches('loading') || s.matches('reauthRequired'));
  const failed = useSelector(actor, (s) => s.matches('loadFailed'));
  const status = useSelector(actor, (s) => s.context.status);
  const error = useSelector(actor, (s) => s.context.error);
  const confirming = useSelector(actor, (s) => s.matches('confirmingRemoval') || s.matches('removing'));
  const removing = useSelector(actor, (s) => s.matches('removing'));
  if (loading) return <PageLoading />;
  return (
    <AccountPage heading="2-step verification" subheading="When you sign in, we'll text a code to your phone, so a password alone isn't enough to get into your account.">
      <section className="account-card">
        <ErrorAlert message={error} />
        {failed || !status ? (
          <RetryButton onRetry={() => actor.send({ type: 'user.retry' })} />
        ) : status.phoneNumber ? (
          <>
            <p>
              2-step verification is <strong>on</strong>. Codes go to <span className="mfa-phone">{status.phoneNumber}</span>.
            </p>
            <div className="account-actions">
              <Link to="/account/settings/mfa/edit-phone-number" className="btn btn--ghost">
                Change phone number
              </Link>
              <button type="button" className="btn btn--ghost" onClick={() => actor.send({ type: 'user.removePhone' })}>
                Turn off
              </button>
            </div>
          </>
        ) : (
          <>
            <p>
              2-step verification is <strong>off</strong>.
            </p>
            <div className="account-actions">
              <Link to="/account/settings/mfa/add-phone-number" className="btn btn--primary">
                Add a phone number
              </Link>
            </div>
          </>
        )}
      </section>
      <Dialog
        open={confirming}
        title="Turn off 2-step verification?"
        onClose={() => actor.send({ type: 'user.cancelRemove' })}
        actions={
          <>
            <button type="button" className="btn btn--ghost" onClick={() => actor.send({ type: 'user.cancelRemove' })} disabled={removing}>
              Keep it on
            </button>
            <button type="button" className="btn btn--primary" onClick={() => actor.send({ type: 'user.confirmRemove' })} disabled={removing} aria-busy={removing || undefined}>
              Turn off
            </button>
          </>
        }
      >
        <p>Sign-in codes will no longer be sent to {status?.phoneNumber}.</p>
      </Dialog>
    </AccountPage>
  );
}
