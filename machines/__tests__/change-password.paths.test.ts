import { describe, expect, it } from 'vitest';
import { changePasswordMachine, changePasswordRequest } from '../change-password.machine.ts';
import { exercise, printCoverage, requestFakes } from './model.ts';
import { changePasswordEvents } from './account-events.ts';

describe('change-password machine (model-based)', () => {
  const fakes = requestFakes({ changePassword: changePasswordRequest });
  const { paths, coverage } = exercise(
    changePasswordMachine.provide({ actors: fakes.actors }),
    { events: changePasswordEvents as never, serializeState: (s) => JSON.stringify({ v: s.value, e: s.context.fieldErrors, g: s.context.genericError }) },
    (path, final) => {
      const last = path.steps.at(-1)!.event as { type: string; error?: { code: string } };
      if (last.error?.code === 'CURRENT_PASSWORD_INVALID') expect(final.context.fieldErrors.currentPassword).toBe('The password you entered is not valid. Please try again.');
      if (last.error?.code === 'UNEXPECTED_ERROR') expect(final.hasTag('loading') || !!final.context.genericError).toBe(true);
      if (final.matches('changed')) expect(final.context.destination).toBe('/account/settings');
      expect(final.hasTag('loading')).toBe(final.matches('submitting'));
      // the passwords are held only while their request runs
      if (!final.matches('submitting')) expect(final.context.values).toBeNull();
    },
  );
  printCoverage('changePassword', coverage);
  it(`covers every state and transition (${paths.length} paths)`, () => {
    expect(fakes.errors()).toEqual([]);
    expect(fakes.distinct('changePassword')).toEqual([{ currentPassword: 'old secret!', newPassword: 'a brand new secret' }]);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
