/** The cookie-preferences dialog's one actor (issue 11) and its host, rendered once by the root route. */
import { createActor, type ActorRefFrom } from 'xstate';
import { useSelector } from '@xstate/react';
import { cookiePreferencesMachine } from '../../machines/cookie-preferences.machine.ts';
import { CookiePreferencesDialog } from '../views/consent/CookiePreferencesDialog.tsx';
import { isOptedOut, readChoices, writeChoices } from './cookie-consent.ts';

let actor: ActorRefFrom<typeof cookiePreferencesMachine> | null = null;

/** The one cookie-preferences actor of the page (started on first use). */
export function cookiePreferencesActor() {
  if (!actor) {
    const a = createActor(cookiePreferencesMachine.provide({ actions: { persist: ({ context }) => writeChoices(context.choices) } }), { input: { choices: readChoices(), optedOut: isOptedOut() } });
    a.start();
    actor = a;
  }
  return actor;
}

export function openCookiePreferences() {
  cookiePreferencesActor().send({ type: 'user.open', optedOut: isOptedOut() });
}

/** Rendered once by the root route: the dialog, open when asked for. */
export function CookiePreferencesHost() {
  const a = cookiePreferencesActor();
  const open = useSelector(a, (s) => s.matches('open'));
  return open ? <CookiePreferencesDialog actor={a} /> : null;
}
