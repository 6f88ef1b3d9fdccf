/**
 * Greeting (spec 3 section 4 "Home stream": morning before 12:00, afternoon 12:00 to 17:00, evening after; the
 * seasonal ranges; section 9 greeting boundaries 12:00 and 17:00; docs/home.md 2.3). The expected period and season
 * of each instant are written by hand for two zones (Los Angeles, UTC-8 in January and UTC-7 in August; Tokyo,
 * UTC+9), so one UTC instant gives different greetings.
 */
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import type { Season } from '../../contracts/home-messages.ts';
import { greetingMachine } from '../greeting.machine.ts';
import type { Flow } from './flow.ts';

const at = (iso: string) => Date.parse(iso);
const T = {
  start: at('2026-01-10T16:00:00Z'),
  midnightLA: at('2026-01-10T08:00:00Z'),
  before12LA: at('2026-01-10T19:59:59Z'),
  noonLA: at('2026-01-10T20:00:00Z'),
  before17LA: at('2026-01-11T00:59:59Z'),
  at17LA: at('2026-01-11T01:00:00Z'),
  jan21LA: at('2026-01-22T07:30:00Z'),
  aug26LA: at('2026-08-26T15:00:00Z'),
};

type Period = 'morning' | 'afternoon' | 'evening';
/** instant → [period, season] by zone, from the spec's rules (worked out by hand) */
const EXPECTED: Record<'la' | 'tokyo', Record<number, [Period, Season]>> = {
  la: {
    [T.start]: ['morning', 'winter'], // 08:00 Jan 10
    [T.midnightLA]: ['morning', 'winter'], // 00:00 Jan 10
    [T.before12LA]: ['morning', 'winter'], // 11:59:59
    [T.noonLA]: ['afternoon', 'winter'], // 12:00
    [T.before17LA]: ['afternoon', 'winter'], // 16:59:59 Jan 10
    [T.at17LA]: ['evening', 'winter'], // 17:00 Jan 10
    [T.jan21LA]: ['evening', 'default'], // 23:30 Jan 21 (UTC is already Jan 22)
    [T.aug26LA]: ['morning', 'autumn'], // 08:00 Aug 26
  },
  tokyo: {
    [T.start]: ['morning', 'winter'], // 01:00 Jan 11
    [T.midnightLA]: ['evening', 'winter'], // 17:00 Jan 10
    [T.before12LA]: ['morning', 'winter'], // 04:59:59 Jan 11
    [T.noonLA]: ['morning', 'winter'], // 05:00
    [T.before17LA]: ['morning', 'winter'], // 09:59:59
    [T.at17LA]: ['morning', 'winter'], // 10:00
    [T.jan21LA]: ['afternoon', 'backToTheBrand'], // 16:30 Jan 22
    [T.aug26LA]: ['morning', 'autumn'], // 00:00 Aug 27
  },
};

const tick = (now: number): AnyEventObject => ({ type: 'clock.tick', now });
const events: AnyEventObject[] = [T.midnightLA, T.before12LA, T.noonLA, T.before17LA, T.at17LA, T.jan21LA, T.aug26LA].map(tick);

export const greetingFlow: Flow<typeof greetingMachine> = {
  machine: greetingMachine,
  table: {
    deciding: { always: [{ guard: 'isMorning', to: 'morning' }, { guard: 'isAfternoon', to: 'afternoon' }, 'evening'] },
    morning: { 'clock.tick': 'deciding' },
    afternoon: { 'clock.tick': 'deciding' },
    evening: { 'clock.tick': 'deciding' },
  },
  sees: {},
  journeys: [
    { name: 'Los Angeles: 11:59:59 morning, 12:00 afternoon', events: [tick(T.before12LA), tick(T.noonLA)], ends: 'afternoon' },
    { name: 'Los Angeles: 16:59:59 afternoon, 17:00 evening', events: [tick(T.before17LA), tick(T.at17LA)], ends: 'evening' },
    { name: 'Los Angeles: from evening back to a morning', events: [tick(T.at17LA), tick(T.aug26LA)], ends: 'morning' },
    { name: 'Tokyo: the Los Angeles noon is a Tokyo morning', run: 'tokyo', events: [tick(T.noonLA)], ends: 'morning' },
    { name: 'Tokyo: the Los Angeles midnight is a Tokyo evening', run: 'tokyo', events: [tick(T.midnightLA)], ends: 'evening' },
    { name: 'Tokyo: afternoon of Jan 22', run: 'tokyo', events: [tick(T.jan21LA)], ends: 'afternoon' },
  ],
  arrange(machine) {
    const check = (s: { value: unknown; context: { now: number; season: Season } }, run: string) => {
      const want = EXPECTED[run as 'la' | 'tokyo'][s.context.now];
      expect(want, `no expectation for ${new Date(s.context.now).toISOString()}`).toBeDefined();
      expect([s.value, s.context.season]).toEqual(want);
    };
    const serializeState = (s: { value: unknown; context: { now: number } }) => JSON.stringify([s.value, s.context.now]);
    return {
      machine,
      runs: [
        { name: 'la', options: { events, input: { signedIn: true, firstName: 'Avery', timeZone: 'America/Los_Angeles', now: T.start }, serializeState } },
        { name: 'tokyo', options: { events, input: { signedIn: false, firstName: '', timeZone: 'Asia/Tokyo', now: T.start }, serializeState } },
      ],
      onStep(s, event, run) {
        if (event.type === 'clock.tick') expect(s.context.now).toBe((event as unknown as { now: number }).now);
        check(s, run);
      },
      onPath(_path, final, run) {
        check(final, run);
      },
    };
  },
};
