/**
 * The five hand-made mutations of issue 7, each shown to be caught by the machine tests (docs/testing.md):
 * the mutant is made by the mutator (scripts/mutate/mutants.ts) or by changing a catalogue text in place, and
 * the flow's checks (`checkFlow`: expectation table, paths with per-state assertions) must throw; where the
 * model-based paths catch it on their own (without the table), that is asserted too.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { locatorMessages } from '../../src/services/error-catalogue.ts';
import { mutantsOf, mutate } from '../../scripts/mutate/mutants.ts';
import { checkEvents, checkFlow, type Flow } from './flow.ts';
import { seattleResults } from './locator-fixtures.ts';
import { signInFlow } from './sign-in.expect.ts';
import { locatorFlow } from './locator.expect.ts';
import { mfaSettingsFlow } from './mfa-settings.expect.ts';
import { partnerNumberFlow } from './partner-number.expect.ts';

function mutant(flow: Flow, operator: string, where: string): AnyStateMachine {
  const m = mutantsOf(flow.machine.config as Record<string, unknown>).find((x) => x.operator === operator && x.where.startsWith(where));
  if (!m) throw new Error(`no ${operator} mutant at ${where}`);
  return mutate(flow.machine, m);
}
const failure = (run: () => unknown) => {
  try {
    run();
  } catch (e) {
    return (e as Error).message;
  }
  return 'survived';
};

const restore: Array<() => void> = [];
afterEach(() => restore.splice(0).forEach((f) => f()));
function changeText<T extends Record<string, unknown>>(catalogue: T, key: keyof T, text: string) {
  const before = catalogue[key];
  (catalogue as Record<keyof T, unknown>)[key] = text;
  restore.push(() => void ((catalogue as Record<keyof T, unknown>)[key] = before));
}

describe('the mutations of issue 7 are caught by the machine tests', () => {
  it('the unmutated flows pass', () => {
    expect(failure(() => checkFlow(signInFlow as Flow))).toBe('survived');
    expect(failure(() => checkFlow(mfaSettingsFlow as Flow))).toBe('survived');
  });

  it('flip the sign-in form guard', () => {
    const m = mutant(signInFlow as Flow, 'flip-guard', 'editing on user.submit#0');
    expect(failure(() => checkFlow(signInFlow as Flow, m))).toContain('editing on user.submit: table [isFormValid] → submitting');
    // and by the paths alone: the valid form now shows field errors, the invalid one is sent
    expect(failure(() => checkFlow(signInFlow as Flow, m, { table: false }))).not.toBe('survived');
  });

  it("drop the MFA 'cancelCode' transition", () => {
    const m = mutant(signInFlow as Flow, 'drop-transition', 'enteringCode on user.cancelCode');
    expect(failure(() => checkFlow(signInFlow as Flow, m))).toContain('enteringCode on user.cancelCode: table → editing; machine (no transition)');
  });

  // a text the machine captures when it is defined (assign({ codeError: AccountMessages.invalidCode })) is changed
  // at module level: machines/__tests__/mutation-text.test.ts

  it("change a locator state's message text", () => {
    changeText(locatorMessages, 'zoomedOut', 'Zoom in.');
    const zoomOut = [{ type: 'map.moved', lat: 47.61, lng: -122.33, zoom: 3 }];
    expect(failure(() => checkEvents(locatorFlow as Flow, locatorFlow.machine, 'guestInMenu', zoomOut))).toContain(
      'results.browsing.empty.zoomedOut shows "Zoom in." (zoomedOut), expected "Zoom in to see stores in this area."',
    );
  });

  it("drop the locator's retry", () => {
    const m = mutant(locatorFlow as Flow, 'drop-transition', 'results.browsing.error on user.retry');
    expect(failure(() => checkFlow(locatorFlow as Flow, m))).toContain('results.browsing.error on user.retry: table → results.browsing.loading; machine (no transition)');
  });

  // a guest's search in the in-menu locator, then choosing Fremont (open, READY, no guest ordering)
  const chooseFremont = [
    { type: 'user.search', text: 'Seattle' },
    { type: 'xstate.after.searchDebounce.locator.results.browsing.debouncing' },
    { type: 'xstate.done.actor.fetchLocations', output: seattleResults },
    { type: 'user.confirmStore', storeNumber: '3-1003' },
  ];

  it('the unmutated locator passes the same sequences', () => {
    expect(failure(() => checkEvents(locatorFlow as Flow, locatorFlow.machine, 'guestInMenu', chooseFremont))).toBe('survived');
    expect(failure(() => checkEvents(locatorFlow as Flow, locatorFlow.machine, 'guestInMenu', [{ type: 'map.moved', lat: 47.61, lng: -122.33, zoom: 3 }]))).toBe('survived');
  });

  it('show the wrong dialog (locator: a guest choosing a store without guest ordering)', () => {
    const m = mutant(locatorFlow as Flow, 'flip-guard', 'dialog on store.guestOrderingUnavailable#0');
    // caught by the paths' own checks, without the table
    expect(failure(() => checkEvents(locatorFlow as Flow, m, 'guestInMenu', chooseFremont))).toContain('guest dialog for 3-1003');
  });

  it('show the wrong toast (partner number: removed shown as saved)', () => {
    const m = mutant(partnerNumberFlow as Flow, 'swap-params', 'saving invoke savePartnerNumber onDone#0');
    expect(failure(() => checkFlow(partnerNumberFlow as Flow, m, { table: false }))).toMatch(/^(journey '[^']+': )?xstate.done.actor.loadPartnerNumber → .*user.remove → xstate.done.actor.savePartnerNumber: /); // a journey (run first) or a path
  });

  it('show the wrong toast (MFA settings: removal failed shown as removed)', () => {
    const m = mutant(mfaSettingsFlow as Flow, 'swap-params', 'removing invoke removePhone onError#1');
    expect(failure(() => checkFlow(mfaSettingsFlow as Flow, m))).toContain('expected [notify:toast/error/mfaPhoneRemoveFailed]');
  });
});
