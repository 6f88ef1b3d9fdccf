import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { cookiePreferencesMachine } from '../../../machines/cookie-preferences.machine.ts';
import { Dialog } from '../shell/Dialog.tsx';
import './consent.css';

export const CookieTexts = {
  title: 'Cookie preferences',
  intro: 'Choose which cookies this browser may use. Your choice is saved in this browser.',
  necessary: 'Necessary',
  necessaryHint: 'Always on: sign-in, security and remembering these choices.',
  analytics: 'Analytics',
  analyticsHint: 'Help us see how the site is used, so we can improve it.',
  advertising: 'Advertising',
  advertisingHint: 'Let advertising partners show you our ads on other sites.',
  optedOutHint: 'Off: you asked us not to sell or share your personal information.',
  save: 'Save choices',
  cancel: 'Cancel',
} as const;

/** The cookie-preferences dialog (issue 11): a modal <dialog> (focus trapped, Escape closes), labelled by its title. */
export function CookiePreferencesDialog({ actor }: { actor: ActorRefFrom<typeof cookiePreferencesMachine> }) {
  const open = useSelector(actor, (s) => s.matches('open'));
  const choices = useSelector(actor, (s) => s.context.choices);
  const optedOut = useSelector(actor, (s) => s.context.optedOut);
  const close = () => actor.send({ type: 'user.close' });
  return (
    <Dialog
      open={open}
      title={CookieTexts.title}
      onClose={close}
      className="cookie-dialog"
      actions={
        <>
          <button type="button" className="btn btn--ghost" onClick={close}>
            {CookieTexts.cancel}
          </button>
          <button type="submit" form="cookie-preferences-form" className="btn btn--primary">
            {CookieTexts.save}
          </button>
        </>
      }
    >
      <form
        id="cookie-preferences-form"
        onSubmit={(e) => {
          e.preventDefault();
          const f = new FormData(e.currentTarget);
          actor.send({ type: 'user.save', analytics: f.get('analytics') === 'on', advertising: f.get('advertising') === 'on' });
        }}
      >
        <p>{CookieTexts.intro}</p>
        <fieldset className="cookie-choices">
          <legend className="visually-hidden">Cookie categories</legend>
          <label className="cookie-choice">
            <input type="checkbox" name="necessary" checked disabled aria-describedby="cookie-necessary-hint" />
            <span>{CookieTexts.necessary}</span>
            <small id="cookie-necessary-hint">{CookieTexts.necessaryHint}</small>
          </label>
          <label className="cookie-choice">
            <input type="checkbox" name="analytics" defaultChecked={choices.analytics} aria-describedby="cookie-analytics-hint" />
            <span>{CookieTexts.analytics}</span>
            <small id="cookie-analytics-hint">{CookieTexts.analyticsHint}</small>
          </label>
          <label className="cookie-choice">
            <input type="checkbox" name="advertising" defaultChecked={choices.advertising} disabled={optedOut} aria-describedby="cookie-advertising-hint" />
            <span>{CookieTexts.advertising}</span>
            <small id="cookie-advertising-hint">{optedOut ? CookieTexts.optedOutHint : CookieTexts.advertisingHint}</small>
          </label>
        </fieldset>
      </form>
    </Dialog>
  );
}
