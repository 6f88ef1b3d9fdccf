import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { greetingMachine } from '../greeting.machine.ts';
import { describeFlow } from './flow.ts';
import { greetingFlow } from './greeting.expect.ts';

describeFlow(greetingFlow);

describe('greeting rules', () => {
  it('starts in the period of its input and keeps the name and sign-in state', () => {
    const a = createActor(greetingMachine, { input: { signedIn: true, firstName: 'Avery', timeZone: 'Asia/Tokyo', now: Date.parse('2026-07-01T03:00:00Z') } }).start();
    expect(a.getSnapshot().value).toBe('afternoon'); // 12:00 in Tokyo
    expect(a.getSnapshot().context).toMatchObject({ signedIn: true, firstName: 'Avery', season: 'summerOne' });
    a.stop();
  });
  it('an unknown time zone reads as UTC', () => {
    const a = createActor(greetingMachine, { input: { signedIn: false, firstName: '', timeZone: 'Mars/Base', now: Date.parse('2026-07-01T17:00:00Z') } }).start();
    expect(a.getSnapshot().value).toBe('evening');
    a.stop();
  });
  it('without input it starts (UTC, the epoch: a morning in winter)', () => {
    const a = createActor(greetingMachine, {} as never).start();
    expect(a.getSnapshot().value).toBe('morning');
    expect(a.getSnapshot().context.season).toBe('holiday'); // 1970-01-01
    a.stop();
  });
});
