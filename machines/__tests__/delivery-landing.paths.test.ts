import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { deliveryLandingMachine, type BagSummary } from '../delivery-landing.machine.ts';
import { describePath, exercise, printCoverage } from './model.ts';
import { DELIVERY_STOREFRONT, deliveryLandingEvents, deliveryLandingSerialize } from './delivery-landing.model.ts';

const STOREFRONT = DELIVERY_STOREFRONT;

/** a readBag that never settles: the model sends its done/error events itself */
const stuck = () => fromPromise<BagSummary>(() => new Promise<BagSummary>(() => {}));

describe('delivery-landing machine (model-based)', () => {
  const opened: string[] = [];
  const machine = deliveryLandingMachine.provide({
    actors: { readBag: stuck() },
    actions: { openPartnerStorefront: ({ context }) => void opened.push(context.storefrontUrl) },
  });
  let seen = 0;
  const { paths, coverage } = exercise(
    machine,
    {
      events: deliveryLandingEvents as never,
      input: { storefrontUrl: STOREFRONT },
      serializeState: deliveryLandingSerialize,
    },
    (path, final) => {
      // the partner opens exactly once per arrival in partnerOpened, always with the configured URL
      const arrivals = path.steps.filter((st, i) => i > 0 && st.state.value === 'partnerOpened').length;
      expect(opened.length - seen, describePath(path)).toBe(arrivals);
      expect(opened.slice(seen).every((u) => u === STOREFRONT)).toBe(true);
      seen = opened.length;
      if (final.matches('confirmingRebuild')) expect(final.context.bagItemCount).toBe(3);
      if (final.matches('partnerOpened')) expect(final.context.bagItemCount).toBe(0);
      expect(final.hasTag('loading')).toBe(final.matches('checkingBag'));
      if (process.env.DEBUG_PATHS) console.log(describePath(path));
    },
  );
  printCoverage('deliveryLanding', coverage);

  it(`covers every state and transition (${paths.length} paths)`, () => {
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it('with the real readBag shape: items → dialog, then continue opens the partner', async () => {
    const opens: string[] = [];
    const actor = createActor(
      deliveryLandingMachine.provide({
        actors: { readBag: fromPromise<BagSummary>(async () => ({ itemCount: 2 })) },
        actions: { openPartnerStorefront: ({ context }) => void opens.push(context.storefrontUrl) },
      }),
      { input: { storefrontUrl: STOREFRONT } },
    ).start();
    actor.send({ type: 'user.getStarted' });
    await waitFor(actor, (s) => s.matches('confirmingRebuild'));
    expect(opens).toEqual([]);
    actor.send({ type: 'user.continue' });
    expect(actor.getSnapshot().value).toBe('partnerOpened');
    expect(opens).toEqual([STOREFRONT]);
  });

  it('an empty bag opens the partner without a dialog', async () => {
    const opens: string[] = [];
    const actor = createActor(
      deliveryLandingMachine.provide({
        actors: { readBag: fromPromise<BagSummary>(async () => ({ itemCount: 0 })) },
        actions: { openPartnerStorefront: () => void opens.push('open') },
      }),
      { input: { storefrontUrl: STOREFRONT } },
    ).start();
    actor.send({ type: 'user.getStarted' });
    await waitFor(actor, (s) => s.matches('partnerOpened'));
    expect(opens).toEqual(['open']);
  });
});
