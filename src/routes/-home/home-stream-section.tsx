import { useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import type { OnboardingStreamItem } from '../../../contracts/home.ts';
import { homeStreamMachine } from '../../../machines/home-stream.machine.ts';
import { onboardingMachine } from '../../../machines/onboarding.machine.ts';
import { isLowBalance, onboardingTasks, taskDisplayed, visibleItems, type AnyStreamItem } from '../../../machines/home-stream-filter.ts';
import { cacheStream, homeStreamActors, homeStreamInput, onboardingActors } from '../../services/home/stream.ts';
import { useIsPhone } from '../../services/viewport.ts';
import { StreamCards, type StreamView } from '../../views/home/StreamCards.tsx';
import { OnboardingBlock, type OnboardingView } from '../../views/home/OnboardingBlock.tsx';

export interface HomeStreamSectionProps {
  signedIn: boolean;
  locale: string;
  /** `config.home.unauthStreamEnabled` */
  unauthStreamEnabled: boolean;
  /** `config.home.streamItemTypes` */
  streamItemTypes: readonly string[];
}

/** the clock the display rules read (an end date or a task's 2 days pass without a fetch) */
const CLOCK_TICK_MS = 60_000;

/**
 * The home stream on /account/for-you (docs/home.md 2.1, 2.2): starts the homeStream machine (and the onboarding
 * machine when the stream holds an onboarding item) and renders their views. Mounted by the page; a change of
 * signed-in state starts a new stream (its own cache entry).
 */
export function HomeStreamSection(props: HomeStreamSectionProps) {
  return <Stream key={String(props.signedIn)} {...props} />;
}

function useNow() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    const onVisible = () => document.visibilityState === 'visible' && setNow(Date.now());
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(id);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
  return now;
}

function Stream({ signedIn, locale, unauthStreamEnabled, streamItemTypes }: HomeStreamSectionProps) {
  const queryClient = useQueryClient();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const isPhone = useIsPhone();
  const now = useNow();
  const [input] = useState(() => homeStreamInput(queryClient, { signedIn, unauthStreamEnabled, locale, streamItemTypes, pathname, now: Date.now() }));
  const stream = useActorRef(
    homeStreamMachine.provide({
      actors: homeStreamActors(),
      actions: {
        cacheStream: ({ context }) => cacheStream(queryClient, context.signedIn, { items: context.items, lastModified: context.lastModified, fetchedAt: context.fetchedAt ?? Date.now() }),
      },
    }),
    { input },
  );
  const state = useSelector(stream, (s) => s.value as string);
  const items = useSelector(stream, (s) => s.context.items);
  const visible = useMemo(() => visibleItems(items, { enabledTypes: streamItemTypes, now, isPhone }), [items, streamItemTypes, now, isPhone]);
  const onboardingItem = visible.find((i): i is OnboardingStreamItem => 'streamItemType' in i && i.streamItemType === 'onboarding');
  const view: StreamView = state === 'loading' ? 'loading' : state === 'failed' ? 'failed' : state === 'showing' || state === 'refreshing' ? 'showing' : 'hidden';
  return (
    <StreamCards
      view={view}
      items={visible as AnyStreamItem[]}
      now={now}
      onboarding={onboardingItem ? <Onboarding item={onboardingItem} isPhone={isPhone} now={now} /> : null}
    />
  );
}

function Onboarding({ item, isPhone, now }: { item: OnboardingStreamItem; isPhone: boolean; now: number }) {
  const tasks = useMemo(() => onboardingTasks(item.onboardingContent), [item]);
  const ref = useActorRef(onboardingMachine.provide({ actors: onboardingActors() }), { input: { tasks, isPhone, now: Date.now() } });
  const state = useSelector(ref, (s) => s.value as OnboardingView);
  const held = useSelector(ref, (s) => s.context.tasks);
  const tasksKey = JSON.stringify(tasks);
  // a refresh that changes the tasks, or a resize across the phone breakpoint, is told to the machine
  const [sentKey, setSentKey] = useState(`${tasksKey}|${isPhone}`);
  useEffect(() => {
    const key = `${tasksKey}|${isPhone}`;
    if (key === sentKey) return;
    setSentKey(key);
    ref.send({ type: 'stream.tasks', tasks: JSON.parse(tasksKey) as typeof tasks, isPhone, now: Date.now() });
  }, [tasksKey, isPhone, sentKey, ref]);
  const cards = [...item.onboardingContent.items]
    .sort((a, b) => a.task.displayOrder - b.task.displayOrder)
    .filter((t) => taskDisplayed(t.task, isPhone, now))
    .map((text) => ({ text, seen: held.find((t) => t.name === text.task.name)?.seen === true }));
  return <OnboardingBlock view={state} header={item.onboardingContent.cardheader} cards={cards} lowBalance={isLowBalance(item.onboardingContent.initialRegisteredCardBalance)} />;
}
