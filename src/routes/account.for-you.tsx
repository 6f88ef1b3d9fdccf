import { useEffect } from 'react';
import { createFileRoute, useLocation, useRouter } from '@tanstack/react-router';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { GREETING_TICK_MS, STREAM_LOCALES } from '../../contracts/home-constants.ts';
import type { Card } from '../../contracts/cards.ts';
import { greetingMachine } from '../../machines/greeting.machine.ts';
import { browserTimeZone, greetingText } from '../../machines/greeting-text.ts';
import { cardListQuery } from '../services/cards/card-list.ts';
import { configQuery } from '../services/config.ts';
import { prefetchRewardsSummary, rewardsSummaryQuery } from '../services/rewards/summary.ts';
import { sessionQuery } from '../services/session.ts';
import { useIsPhone } from '../services/viewport.ts';
import { ForYouView } from '../views/home/ForYouView.tsx';
import { REWARD_TIER_CONTENT } from '../views/rewards/benefits.ts';
import { HomeStreamSection } from './-home/home-stream-section.tsx';
import { LastOrderWidget, lastOrderQuery } from './-history/LastOrderWidget.tsx';
import { LazyCardOverlays, usePreloadCardOverlays } from './-cards/lazy-overlays.tsx';

/**
 * /account/for-you, 'Home' (spec 3 section 2 "Home stream", section 4 greeting; docs/home.md 1): public. The loader
 * reads the session and config, and for a member the card list (the phone's 'Scan in store' button and #pay) and the
 * rewards summary (status widget). The page starts the greeting machine and ticks its clock every minute and when the
 * page becomes visible again; the stream section (h2) starts the stream's machines.
 */
export const Route = createFileRoute('/account/for-you')({
  loader: async ({ context }) => {
    const [session] = await Promise.all([context.queryClient.ensureQueryData(sessionQuery).catch(() => null), context.queryClient.ensureQueryData(configQuery)]);
    if (!session?.signedIn) return;
    await Promise.all([
      context.queryClient.ensureQueryData(cardListQuery).catch(() => undefined),
      prefetchRewardsSummary(context.queryClient, true),
      context.queryClient.ensureQueryData(lastOrderQuery).catch(() => null),
    ]);
  },
  component: ForYouPage,
});

/** the stream's locale: the browser's when the app has it, else en-US */
function streamLocale(): string {
  const asked = typeof navigator === 'undefined' ? '' : navigator.language;
  return (STREAM_LOCALES as readonly string[]).includes(asked) ? asked : 'en-US';
}

function ForYouPage() {
  const { data: session } = useQuery(sessionQuery);
  const signedIn = !!session?.signedIn;
  // a sign-in or sign-out elsewhere starts the page again with the new session
  return <ForYou key={String(signedIn)} signedIn={signedIn} firstName={session?.user?.firstName ?? ''} />;
}

function useGreeting(signedIn: boolean, firstName: string) {
  const actor = useActorRef(greetingMachine, { input: { signedIn, firstName, timeZone: browserTimeZone(), now: Date.now() } });
  useEffect(() => {
    const tick = () => actor.send({ type: 'clock.tick', now: Date.now() });
    const id = setInterval(tick, GREETING_TICK_MS);
    const onVisible = () => document.visibilityState === 'visible' && tick();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(id);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [actor]);
  const period = useSelector(actor, (s) => s.value);
  const ctx = useSelector(actor, (s) => s.context);
  return greetingText({ season: ctx.season, period: period === 'deciding' ? 'morning' : period, signedIn: ctx.signedIn, firstName: ctx.firstName });
}

function ForYou({ signedIn, firstName }: { signedIn: boolean; firstName: string }) {
  const { data: config } = useSuspenseQuery(configQuery);
  const greeting = useGreeting(signedIn, firstName);
  const cards = useQuery({ ...cardListQuery, enabled: signedIn });
  const summary = useQuery({ ...rewardsSummaryQuery, enabled: signedIn });
  const isPhone = useIsPhone();
  const list = signedIn ? (cards.data?.cards ?? []) : [];
  const primary = list.find((c) => c.isPrimary) ?? list[0];
  const status = summary.data ? { stars: summary.data.stars, level: summary.data.level, starsToNext: summary.data.nextReward?.starsToNext ?? null } : null;
  return (
    <ForYouView
      greeting={greeting}
      signedIn={signedIn}
      status={status}
      orderWidget={<LastOrderWidget />}
      stream={<HomeStreamSection signedIn={signedIn} locale={streamLocale()} unauthStreamEnabled={config.home.unauthStreamEnabled} streamItemTypes={config.home.streamItemTypes} />}
      scanInStore={signedIn && isPhone && !!primary}
      overlay={primary ? <PayOverlay card={primary} /> : null}
      tiers={REWARD_TIER_CONTENT}
    />
  );
}

/** #pay on this page: the card overlays' lazy chunk for the primary card (one tap, no navigation) */
function PayOverlay({ card }: { card: Card }) {
  const hash = useLocation({ select: (l) => l.hash });
  const router = useRouter();
  usePreloadCardOverlays();
  return hash === 'pay' ? <LazyCardOverlays card={card} hash="pay" onClose={() => void router.navigate({ to: '/account/for-you', hash: '' })} /> : null;
}
