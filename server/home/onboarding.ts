/**
 * Onboarding tasks from the member's real data (docs/home.md 3.2; spec 3 sections 3, 4, 5, 9):
 * - MOP: the first order the member placed on the web (orders.placed_at, any tender, not cancelled);
 * - Purchase: the first in-store purchase on one of the member's cards (a card_ledger `charge` written while the
 *   member owned the card that no order names: the register's rows, server/cards/dev-register.ts);
 * - SvcReload: the first reload or auto reload of the member's cards (sent, never shown: spec 5);
 * - initialRegisteredCardBalance: the balance in dollars of the member's first card when it was registered (null: no card);
 * - seen: onboarding_tasks_seen (PUT /stream-items/onboarding/seen after the completed card was shown 5 s).
 * The texts are constants here (not content rows): they name the app's own routes.
 */
import type { Queryable } from '../db/db.ts';
import { ApiError } from '../http/errors.ts';
import { HomeErrorCodes, type OnboardingSeenAnswer, type OnboardingStreamItem, type OnboardingTaskItem, type OnboardingTaskName } from '../../contracts/home.ts';

const DAY = 86_400_000;
/** the onboarding item is sent for this long after the member joined (then its endDate passes) */
export const ONBOARDING_DAYS = 90;
export const ONBOARDING_RANK = 10;
export const ONBOARDING_CARD_HEADER = 'Get started with Harbor Rewards';

type Texts = Omit<OnboardingTaskItem, 'task' | 'seen'>;
/** per task: open and done texts (title, body, icon, call to action) */
export const ONBOARDING_TEXTS: Record<OnboardingTaskName, Texts & { displayOrder: number }> = {
  MOP: {
    displayOrder: 1,
    title: 'Order ahead',
    body: 'Place your first mobile order and skip the line.',
    icon: '/rewards/card-earn.svg',
    calltoactiontext: 'Start an order',
    calltoactionlink: '/menu',
    titleDone: 'First order placed',
    bodyDone: 'Nice work: your first mobile order is in, and it earned you Stars.',
    iconDone: '/rewards/card-rewarded.svg',
    calltoactiontextDone: 'Order again',
    calltoactionlinkDone: '/menu',
  },
  Purchase: {
    displayOrder: 2,
    title: 'Pay in store',
    body: 'Scan your card at the register to pay and earn Stars.',
    icon: '/rewards/card-benefits.svg',
    calltoactiontext: 'Scan in store',
    calltoactionlink: '#pay',
    titleDone: 'First in-store purchase',
    bodyDone: 'You paid in store with your card and earned Stars.',
    iconDone: '/rewards/card-rewarded.svg',
    calltoactiontextDone: 'Scan in store',
    calltoactionlinkDone: '#pay',
  },
  SvcReload: {
    displayOrder: 3,
    title: 'Add funds',
    body: 'Add money to your card and earn 2 Stars per dollar.',
    icon: '/rewards/card-earn.svg',
    calltoactiontext: 'Add funds',
    calltoactionlink: '/account/cards#add-money',
    titleDone: 'Card reloaded',
    bodyDone: 'Your card is topped up: pay with it to earn 2 Stars per dollar.',
    iconDone: '/rewards/card-rewarded.svg',
    calltoactiontextDone: 'Add funds',
    calltoactionlinkDone: '/account/cards#add-money',
  },
};

export interface OnboardingFacts {
  joined: Date;
  completed: Record<OnboardingTaskName, Date | null>;
  seen: Partial<Record<OnboardingTaskName, Date>>;
  /** cents; null without a card */
  initialBalanceCents: number | null;
}

const toDate = (d: Date | string | null | undefined) => (d == null ? null : new Date(d));

/** One query: when each task was first completed, the first card's balance at registration, and the seen rows. */
export async function onboardingFacts(db: Queryable, userId: string): Promise<OnboardingFacts | null> {
  const r = await db.query<{ joined: Date; mop: Date | null; purchase: Date | null; reload: Date | null; initial_cents: number | null; seen: Array<{ task: OnboardingTaskName; seen_at: string }> | null }>(
    `select u.created_at as joined,
            (select min(o.placed_at) from orders o where o.user_id = u.id and o.status <> 'cancelled') as mop,
            (select min(l.created_at) from stored_value_cards c join card_ledger l on l.card_id = c.card_id
              where c.user_id = u.id and l.user_id = u.id and l.kind = 'charge'
                and not exists (select 1 from orders o where o.card_ledger_id = l.id)) as purchase,
            (select min(l.created_at) from stored_value_cards c join card_ledger l on l.card_id = c.card_id
              where c.user_id = u.id and l.user_id = u.id and l.kind in ('reload', 'auto_reload')) as reload,
            (select coalesce(
                      (select l.balance_after_cents from card_ledger l
                        where l.card_id = c.card_id and l.created_at <= coalesce(c.registered_at, c.created_at)
                        order by l.created_at desc, l.id desc limit 1),
                      (select l.balance_after_cents from card_ledger l where l.card_id = c.card_id order by l.id limit 1),
                      0)
               from stored_value_cards c
              where c.user_id = u.id and c.kind <> 'store_credit'
              order by coalesce(c.registered_at, c.created_at), c.card_id limit 1) as initial_cents,
            (select json_agg(json_build_object('task', s.task, 'seen_at', s.seen_at)) from onboarding_tasks_seen s where s.user_id = u.id) as seen
       from users u where u.id = $1`,
    [userId],
  );
  const row = r.rows[0];
  if (!row) return null;
  const seen: OnboardingFacts['seen'] = {};
  for (const s of row.seen ?? []) seen[s.task] = new Date(s.seen_at);
  return {
    joined: new Date(row.joined),
    completed: { MOP: toDate(row.mop), Purchase: toDate(row.purchase), SvcReload: toDate(row.reload) },
    seen,
    initialBalanceCents: row.initial_cents === null ? null : Number(row.initial_cents),
  };
}

/**
 * The member's onboarding item, or null when it is over: past `expires` (join + 90 days) or both MOP and Purchase
 * seen (spec 4: "All onboarding cards are hidden when every task has been seen"; SvcReload is never shown).
 */
export function onboardingItem(f: OnboardingFacts, at: Date): OnboardingStreamItem | null {
  const expires = new Date(f.joined.getTime() + ONBOARDING_DAYS * DAY);
  if (expires.getTime() <= at.getTime()) return null;
  if (f.seen.MOP && f.seen.Purchase) return null;
  const names: OnboardingTaskName[] = ['MOP', 'Purchase', 'SvcReload'];
  const items: OnboardingTaskItem[] = names.map((name) => {
    const { displayOrder, ...texts } = ONBOARDING_TEXTS[name];
    const completedOn = f.completed[name];
    return { task: { name, completedOn: completedOn?.toISOString() ?? null, displayOrder }, ...texts, seen: !!f.seen[name] };
  });
  return {
    streamItemId: 'onboarding',
    streamItemType: 'onboarding',
    fill: { type: 'onboarding' },
    startDate: f.joined.toISOString(),
    endDate: expires.toISOString(),
    rank: ONBOARDING_RANK,
    onboardingStatus: f.completed.MOP && f.completed.Purchase ? 'complete' : 'active',
    expires: expires.toISOString(),
    onboardingContent: {
      items,
      initialRegisteredCardBalance: f.initialBalanceCents === null ? null : f.initialBalanceCents / 100,
      cardheader: ONBOARDING_CARD_HEADER,
    },
  };
}

/** spec 4 "Completed card marked seen 5 s after display": idempotent (a task seen twice keeps its first seenAt). */
export async function markTasksSeen(db: Queryable, userId: string, tasks: readonly ('MOP' | 'Purchase')[], at: Date): Promise<OnboardingSeenAnswer> {
  const facts = await onboardingFacts(db, userId);
  for (const task of tasks) {
    if (!facts?.completed[task]) throw new ApiError(409, HomeErrorCodes.taskNotComplete, `${task} is not completed yet.`, { field: 'tasks', task });
  }
  await db.query(
    `insert into onboarding_tasks_seen (user_id, task, seen_at) select $1, t, $3 from unnest($2::text[]) as t
     on conflict (user_id, task) do nothing`,
    [userId, [...tasks], at],
  );
  const r = await db.query<{ task: 'MOP' | 'Purchase'; seen_at: Date }>('select task, seen_at from onboarding_tasks_seen where user_id = $1 and task = any($2::text[]) order by task', [userId, [...tasks]]);
  return { seen: r.rows.map((x) => ({ task: x.task, seenAt: new Date(x.seen_at).toISOString() })) };
}
