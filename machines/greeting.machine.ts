import { assertEvent, assign, setup } from 'xstate';
import type { Season } from '../contracts/home-messages.ts';
import { inputOf } from './flow.ts';
import { hourIn, monthDayIn, periodOf, seasonOf } from './greeting-text.ts';

/**
 * The home page's greeting (spec 3 section 4 "Home stream", section 9 greeting boundaries; docs/home.md 2.3): the
 * period of the day in the member's time zone (morning before 12:00, afternoon 12:00 to 17:00, evening from 17:00)
 * and the seasonal set of the date. The route sends `clock.tick` every minute and when the page becomes visible, so
 * an open page turns at 12:00 and 17:00; the view writes the text with `greetingText` (greeting-text.ts).
 */

export interface GreetingInput {
  signedIn: boolean;
  firstName: string;
  /** IANA zone of the member (the browser's) */
  timeZone: string;
  /** epoch ms */
  now: number;
}

export interface GreetingContext extends GreetingInput {
  season: Season;
}

export type GreetingEvent = { type: 'clock.tick'; now: number };

const period = (context: GreetingContext) => periodOf(hourIn(context.now, context.timeZone));

export const greetingMachine = setup({
  types: {
    context: {} as GreetingContext,
    events: {} as GreetingEvent,
    input: {} as GreetingInput,
  },
  actions: {
    applyInput: assign(({ event }) => inputOf<GreetingInput>(event, { signedIn: false, firstName: '', timeZone: 'UTC', now: 0 })),
    assignNow: assign(({ event }) => {
      assertEvent(event, 'clock.tick');
      return { now: event.now };
    }),
    assignSeason: assign(({ context }) => ({ season: seasonOf(monthDayIn(context.now, context.timeZone)) })),
  },
  guards: {
    isMorning: ({ context }) => period(context) === 'morning',
    isAfternoon: ({ context }) => period(context) === 'afternoon',
  },
}).createMachine({
  id: 'greeting',
  description: 'The greeting header of /account/for-you: period of the day and seasonal set in the member time zone.',
  meta: { title: 'Greeting (/account/for-you)', spec: '3: section 4 (Home stream, greeting), section 9 (12:00 and 17:00)' },
  entry: 'applyInput',
  context: { signedIn: false, firstName: '', timeZone: 'UTC', now: 0, season: 'default' },
  initial: 'deciding',
  states: {
    deciding: {
      description: 'Reads the hour and the date of `now` in the member time zone.',
      entry: 'assignSeason',
      always: [
        { guard: 'isMorning', target: 'morning' },
        { guard: 'isAfternoon', target: 'afternoon' },
        { target: 'evening' },
      ],
    },
    morning: {
      description: 'Before 12:00: "… morning".',
      on: { 'clock.tick': { target: 'deciding', actions: 'assignNow' } },
    },
    afternoon: {
      description: 'From 12:00 to before 17:00: "… afternoon".',
      on: { 'clock.tick': { target: 'deciding', actions: 'assignNow' } },
    },
    evening: {
      description: 'From 17:00: "… evening".',
      on: { 'clock.tick': { target: 'deciding', actions: 'assignNow' } },
    },
  },
});
