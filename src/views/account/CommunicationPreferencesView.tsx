import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { PREFERENCE_KEYS, type communicationPreferencesMachine, type PreferenceKey } from '../../../machines/communication-preferences.machine.ts';
import { accountMessages } from '../../services/error-catalogue.ts';
import { PageLoading } from '../shell/Loading.tsx';
import { FormAlert } from './form.tsx';
import './account.css';

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
    <div className="account-page account-page--wide">
      <h1 className="account-heading">Communication preferences</h1>
      <section className="account-card">
        {failed || !preferences ? (
          <>
            <FormAlert>
              <p>{error ?? accountMessages.generic}</p>
            </FormAlert>
            <button type="button" className="btn btn--primary" onClick={() => actor.send({ type: 'user.retry' })}>
              Try again
            </button>
          </>
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
      </section>
    </div>
  );
}
