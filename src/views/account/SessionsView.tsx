import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { SessionMessages, type SessionSummary } from '../../../contracts/sessions.ts';
import type { sessionsMachine } from '../../../machines/sessions.machine.ts';
import { PageLoading } from '../shell/Loading.tsx';
import { AccountCardPage, ErrorAlert, FormActions, LoadFailed } from '../shared/blocks.tsx';
import '../shared/page.css';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** /account/settings/sessions: the member's signed-in devices; end any other one, or all the others (ASVS 7.4.3). */
export function SessionsView({ actor }: { actor: ActorRefFrom<typeof sessionsMachine> }) {
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.matches('loadFailed'));
  const sessions = useSelector(actor, (s) => s.context.sessions);
  const ending = useSelector(actor, (s) => (s.matches('endingOne') ? s.context.ending : null));
  const endingOthers = useSelector(actor, (s) => s.matches('endingOthers'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const error = useSelector(actor, (s) => s.context.error);

  if (loading) return <PageLoading />;
  if (failed) {
    return (
      <AccountCardPage heading={SessionMessages.title}>
        <LoadFailed error={error} onRetry={() => actor.send({ type: 'user.retry' })} />
      </AccountCardPage>
    );
  }
  const others = sessions.filter((s) => !s.current);
  return (
    <AccountCardPage heading={SessionMessages.title} subheading={SessionMessages.intro}>
      <ErrorAlert message={error} />
      <ul className="session-list" aria-label="Signed-in devices">
        {sessions.map((s) => (
          <SessionItem key={s.id} session={s} ending={ending === s.id} disabled={busy} onEnd={() => actor.send({ type: 'user.endSession', id: s.id })} />
        ))}
      </ul>
      {others.length === 0 ? <p>{SessionMessages.noOthers}</p> : null}
      <FormActions>
        {others.length > 0 ? (
          <button type="button" className="btn btn--primary" disabled={busy} aria-busy={endingOthers} onClick={() => actor.send({ type: 'user.endOthers' })}>
            {SessionMessages.endOthers}
          </button>
        ) : null}
      </FormActions>
    </AccountCardPage>
  );
}

function SessionItem({ session, ending, disabled, onEnd }: { session: SessionSummary; ending: boolean; disabled: boolean; onEnd: () => void }) {
  return (
    <li className="session-item">
      <div>
        <strong>{session.device}</strong>
        {session.current ? <span className="session-badge"> ({SessionMessages.thisDevice})</span> : null}
        <dl className="session-times">
          <dt>Signed in</dt>
          <dd>
            <time dateTime={session.createdAt}>{when(session.createdAt)}</time>
          </dd>
          <dt>Last active</dt>
          <dd>
            <time dateTime={session.lastSeenAt}>{when(session.lastSeenAt)}</time>
          </dd>
        </dl>
      </div>
      {session.current ? null : (
        <button type="button" className="btn btn--ghost" disabled={disabled} aria-busy={ending} aria-label={`${SessionMessages.endOne}: ${session.device}`} onClick={onEnd}>
          {SessionMessages.endOne}
        </button>
      )}
    </li>
  );
}
