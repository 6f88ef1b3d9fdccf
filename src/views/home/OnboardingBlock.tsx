import { Link } from '@tanstack/react-router';
import { HomeMessages as M } from '../../../contracts/home-messages.ts';
import type { OnboardingTaskItem } from '../../../contracts/home.ts';

/** what the onboarding machine's state means for the block (docs/home.md 2.2) */
export type OnboardingView = 'showing' | 'watching' | 'markingSeen' | 'hidden';

export interface OnboardingCard {
  text: OnboardingTaskItem;
  /** marked seen (by the server earlier, or 5 s after display here): collapsed */
  seen: boolean;
}

/**
 * The onboarding cards (spec 3 section 4: a completed task shows its done texts, is marked seen 5 s after display
 * and collapses; all hidden when every task is seen; section 5: the cards given are already the displayed ones,
 * without SvcReload and, off phones, without Purchase). The Purchase card's action: low balance (spec 5) 'Add funds',
 * else 'Scan in store' (#pay on this page).
 */
export function OnboardingBlock({ view, header, cards, lowBalance }: { view: OnboardingView; header: string | null | undefined; cards: readonly OnboardingCard[]; lowBalance: boolean }) {
  if (view === 'hidden' || cards.length === 0) return null;
  const heading = header || M.onboardingHeader;
  return (
    <section className="onboarding-block" aria-labelledby="onboarding-heading">
      <h3 id="onboarding-heading">{heading}</h3>
      <ul className="onboarding-tasks">
        {cards.map(({ text, seen }) => {
          const done = text.task.completedOn !== null;
          const name = text.task.name;
          if (done && seen)
            return (
              <li key={name} className="onboarding-task onboarding-task--collapsed" data-task={name} data-state="collapsed">
                <img src={text.iconDone} alt="" width={24} height={24} />
                <h4>{text.titleDone}</h4>
              </li>
            );
          if (done)
            return (
              <li key={name} className="onboarding-task onboarding-task--done" data-task={name} data-state="done">
                <img src={text.iconDone} alt="" width={40} height={40} />
                <div>
                  <h4>{text.titleDone}</h4>
                  <p>{text.bodyDone}</p>
                  {text.calltoactiontextDone && text.calltoactionlinkDone ? <a href={text.calltoactionlinkDone}>{text.calltoactiontextDone}</a> : null}
                </div>
              </li>
            );
          return (
            <li key={name} className="onboarding-task" data-task={name} data-state="open">
              <img src={text.icon} alt="" width={40} height={40} />
              <div>
                <h4>{text.title}</h4>
                <p>{text.body}</p>
                {name === 'Purchase' ? (
                  lowBalance ? (
                    <Link to="/account/cards" hash="add-money">
                      {M.addFunds}
                    </Link>
                  ) : (
                    <a href="#pay">{M.scanInStore}</a>
                  )
                ) : text.calltoactiontext && text.calltoactionlink ? (
                  <a href={text.calltoactionlink}>{text.calltoactiontext}</a>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
