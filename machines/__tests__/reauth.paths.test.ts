import { describe, expect, it } from 'vitest';
import { reauthMachine } from '../reauth.machine.ts';
import { exercise, printCoverage } from './model.ts';
import { stuck } from './account-fakes.ts';
import { reauthEvents } from './account-events.ts';

describe('re-authentication machine (model-based)', () => {
  const { paths, coverage } = exercise(
    reauthMachine.provide({ actors: { checkPassword: stuck(), checkCode: stuck() } }),
    { events: reauthEvents as never, serializeState: (s) => JSON.stringify({ v: s.value, e: Object.keys(s.context.fieldErrors), c: !!s.context.codeError, g: !!s.context.genericError, p: s.context.phoneNumber }) },
    (_p, final) => {
      if (final.matches('enteringCode')) expect(final.context.phoneNumber).toBe('•••-•••-0123');
    },
  );
  printCoverage('reauth', coverage);
  it(`covers every state and transition (${paths.length} paths)`, () => {
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
