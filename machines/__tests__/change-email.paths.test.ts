import { describe, expect, it } from 'vitest';
import { changeEmailMachine, requestEmailChangeRequest, verifyEmailChangeRequest } from '../change-email.machine.ts';
import { exercise, printCoverage, requestFakes } from './model.ts';
import { stuck } from './account-fakes.ts';
import { changeEmailEvents } from './account-events.ts';

const serializeState = (s: { value: unknown; context: { fieldErrors: object; codeError: string | null; genericError: string | null; proposedNewEmail: string | null } }) =>
  JSON.stringify({ v: s.value, e: Object.keys(s.context.fieldErrors), c: !!s.context.codeError, g: !!s.context.genericError, p: s.context.proposedNewEmail });

describe('change-email machine (model-based)', () => {
  const fakes = requestFakes({ requestEmailChange: requestEmailChangeRequest, verifyEmailChange: verifyEmailChangeRequest });
  const machine = changeEmailMachine.provide({ actors: { ...fakes.actors, loadEmailStatus: stuck() } });
  const form = exercise(machine, { events: changeEmailEvents as never, input: { step: 'form' }, serializeState: serializeState as never }, (_p, final) => {
    if (final.matches('codeSent')) expect(final.context).toMatchObject({ proposedNewEmail: 'new@example.com', destination: '/account/settings/edit-email/enter-code' });
    // the password is held only while its request runs
    if (!final.matches('requesting')) expect(final.context.values).toBeNull();
  });
  const code = exercise(machine, { events: changeEmailEvents as never, input: { step: 'code' }, serializeState: serializeState as never }, (_p, final) => {
    if (final.matches('changed')) expect(final.context).toMatchObject({ email: 'new@example.com', destination: '/account/settings' });
    if (final.matches('noPendingChange')) expect(final.context.destination).toBe('/account/settings/edit-email');
    if (final.matches('enteringCode')) expect(final.context.proposedNewEmail).toBe('new@example.com');
  });
  // the two pages together cover the machine
  const states = form.coverage.states.missing.filter((s) => code.coverage.states.missing.includes(s));
  const transitions = form.coverage.transitions.missing.filter((t) => code.coverage.transitions.missing.includes(t));
  const total = form.coverage.transitions.total;
  printCoverage('changeEmail', {
    states: { covered: form.coverage.states.total - states.length, total: form.coverage.states.total, missing: states },
    transitions: { covered: total - transitions.length, total, missing: transitions },
  });
  it(`covers every state and transition (${form.paths.length + code.paths.length} paths)`, () => {
    expect(fakes.errors()).toEqual([]);
    expect(fakes.distinct('requestEmailChange')).toEqual([{ newEmail: 'new@example.com', password: 'secret' }]);
    expect(fakes.distinct('verifyEmailChange')).toEqual([{ code: '123456' }]);
    expect(states).toEqual([]);
    expect(transitions).toEqual([]);
  });
});
