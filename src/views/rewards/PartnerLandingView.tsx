import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { PartnerMessages } from '../../../contracts/rewards-partner.ts';
import type { hotelPartnerMachine } from '../../../machines/hotel-partner.machine.ts';
import { Dialog } from '../shell/Dialog.tsx';
import './partner.css';

/** The landing's fixed texts (spec 3 section 2 "Partner landing page"; terms of spec 9 "Partner terms"). */
export const PartnerLandingTexts = {
  heading: 'Link your accounts',
  intro: 'Link Lodgecrest Rewards and Harbor Rewards to earn more on coffee and hotel stays.',
  join: 'Join',
  link: 'Link',
  perksHeading: 'Perks of linking',
  perks: [
    { text: '100 partner points for three qualifying purchases in a partner week', note: 1 },
    { text: 'Double Stars on eligible hotel stay days', note: 2 },
    { text: 'Transfer partner points to Stars', note: 3 },
  ],
  stepsHeading: 'How to link',
  steps: ['Join Lodgecrest Rewards', 'Join or sign in to Harbor Rewards', 'Finish linking'],
  finishLinking: 'Finish linking',
  termsHeading: 'Terms',
  terms: [
    '100 partner points after 3 qualifying purchases of at least $2 in a partner week, once per week, deposited within 2 business days.',
    'Double Stars on eligible stay days: 4 per $1 with a preloaded card, 2 per $1 with card, wallet or scan-and-pay. Capped at 1000 Stars per programme year; years start June 18, 2024. Accounts must be linked 48 hours before the stay.',
    'Transfers of 1,000 to 50,000 partner points a day, in increments of 10 points. Transfers cannot be reversed.',
  ],
} as const;

/**
 * /rewards/partnerships/$hotelPartner (docs/rewards.md 2.3): hero with Join (the partner's join page) and Link, three
 * perks with footnote links to the terms, three steps ending in Finish linking, terms, and 'Unlink your accounts'
 * opening a confirm dialog whose Unlink button is busy while the call runs. Renders the hotelPartner machine.
 */
export function PartnerLandingView({ actor, joinUrl, partnerName }: { actor: ActorRefFrom<typeof hotelPartnerMachine>; joinUrl: string; partnerName: string }) {
  const state = useSelector(actor, (s) => s);
  const unlinking = state.matches('unlinking');
  const dialogOpen = state.matches('confirmingUnlink') || unlinking;
  const T = PartnerLandingTexts;
  const link = () => actor.send({ type: 'user.finishLinking' });
  return (
    <div className="partner-page">
      <section className="partner-hero" aria-labelledby="partner-heading">
        <div>
          <h1 id="partner-heading">{T.heading}</h1>
          <p>{T.intro}</p>
          <div className="partner-hero-actions">
            <a className="btn btn--ghost" href={joinUrl} rel="noopener noreferrer" target="_blank" aria-label={`${T.join} ${partnerName} (opens in a new tab)`}>
              {T.join}
            </a>
            <button type="button" className="btn btn--primary" onClick={link}>
              {T.link}
            </button>
          </div>
        </div>
        <img src="/rewards/partner/lodgecrest-hero.svg" width={448} height={579} alt="" />
      </section>
      <section aria-labelledby="partner-perks">
        <h2 id="partner-perks">{T.perksHeading}</h2>
        <ul className="partner-perks">
          {T.perks.map((p) => (
            <li key={p.note}>
              {p.text}
              <a href={`#partner-term-${p.note}`} aria-label={`Terms note ${p.note}`}>
                <sup>{p.note}</sup>
              </a>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="partner-steps">
        <h2 id="partner-steps">{T.stepsHeading}</h2>
        <ol className="partner-steps">
          {T.steps.map((s, i) => (
            <li key={s}>
              {s}
              {i === 2 ? (
                <div>
                  <button type="button" className="btn btn--primary btn--small" onClick={link}>
                    {T.finishLinking}
                  </button>
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
      <p>
        <button type="button" className="btn btn--link" onClick={() => actor.send({ type: 'user.openUnlink' })}>
          {PartnerMessages.unlinkLink}
        </button>
      </p>
      <section className="partner-terms" aria-labelledby="partner-terms">
        <h2 id="partner-terms">{T.termsHeading}</h2>
        <ol>
          {T.terms.map((t, i) => (
            <li key={t} id={`partner-term-${i + 1}`}>
              {t}
            </li>
          ))}
        </ol>
      </section>
      <Dialog
        open={dialogOpen}
        title={PartnerMessages.unlinkConfirmHeading}
        onClose={() => !unlinking && actor.send({ type: 'user.cancelUnlink' })}
        actions={
          <>
            <button
              type="button"
              className="btn btn--primary"
              aria-busy={unlinking}
              aria-disabled={unlinking || undefined}
              onClick={() => !unlinking && actor.send({ type: 'user.confirmUnlink' })}
            >
              {PartnerMessages.unlinkConfirm}
            </button>
            <button type="button" className="btn btn--ghost" disabled={unlinking} onClick={() => actor.send({ type: 'user.cancelUnlink' })}>
              {PartnerMessages.unlinkCancel}
            </button>
          </>
        }
      >
        <p>{PartnerMessages.unlinkConfirmBody}</p>
      </Dialog>
    </div>
  );
}
