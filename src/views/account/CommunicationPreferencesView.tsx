import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { PREFERENCE_KEYS, type communicationPreferencesMachine, type PreferenceKey } from '../../../machines/communication-preferences.machine.ts';
import { PageLoading } from '../shell/Loading.tsx';
import { AccountCardPage, LoadFailed } from '../shared/blocks.tsx';
import '../shared/page.css';

const LABELS: Record<PreferenceKey, (brand: string, product: string) => { title: string; detail: string }> = {
  receiveHarborEmailCommunications: (brand, product) => ({ title: `${product} Rewards and offers`, detail: `Email from ${brand} about ${product} Rewards, offers and products.` }),
  receiveGeneralEmailCommunications: () => ({ title: 'News and events', detail: 'General emails about news and events.' }),
  receivePersonalizedEmailCommunications: () => ({ title: 'Personalized offers', detail: 'Offers based on your orders and preferences.' }),
};

/** /account/settings/communication-preferences: one switch per email type, each pending while it saves. */
export function CommunicationPreferencesView({ actor, brandName, product }: { actor: ActorRefFrom<typeof communicationPreferencesMachine>; brandName: string; product: string }) {
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.matches('loadFailed'));
  const error = useSelector(actor, (s) => s.context.error);
  const preferences = useSelector(actor, (s) => s.context.preferences);
  const pending = useSelector(actor, (s) => s.context.pending);
  if (loading) return <PageLoading />;
  return (
    <AccountCardPage heading="Communication preferences" wide>
      {failed || !preferences ? (
        <LoadFailed error={error} onRetry={() => actor.send({ type: 'user.retry' })} />
      ) : (
        <fieldset className="choice-group" aria-label="Email communications">
          {PREFERENCE_KEYS.map((key) => {
            const label = LABELS[key](brandName, product);
            const id = `pref-${key}`;
            return (
              <div className="switch-row" key={key}>
                <label htmlFor={id}>
                  {label.title}
                  <small>{label.detail}</small>
                </label>
                <input
                  id={id}
                  type="checkbox"
                  role="switch"
                  className="switch"
                  checked={preferences[key]}
                  disabled={!!pending[key]}
                  aria-busy={pending[key] || undefined}
                  onChange={(e) => actor.send({ type: 'user.toggle', key, value: e.currentTarget.checked })}
                />
              </div>
            );
          })}
        </fieldset>
      )}
    </AccountCardPage>
  );
}
