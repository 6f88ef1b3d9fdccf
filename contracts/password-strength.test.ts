import { describe, expect, it } from 'vitest';
import { passwordProblem } from './account.ts';
import { loadPasswordStrength, passwordStrengthLoaded, userInputsFor } from './password-strength.ts';
import { validateCreateForm } from '../machines/create-account.machine.ts';

describe('password strength: one function for the client and the server', () => {
  it('before the dictionaries load only the basic rules apply; after, zxcvbn-ts and the top-3,000 floor too', async () => {
    expect(passwordStrengthLoaded()).toBe(false);
    expect(passwordProblem('password!', 'casey@example.com')).toBeNull();
    await loadPasswordStrength();
    expect(passwordStrengthLoaded()).toBe(true);
    expect(passwordProblem('password!', 'casey@example.com')).toMatchObject({ code: '111022', messageId: 'password-too-guessable' });
    expect(passwordProblem('casey@example.com1', 'casey@example.com')).toMatchObject({ code: '111022', messageId: 'password-too-guessable' });
    expect(passwordProblem('qwerty123', 'casey@example.com')).toMatchObject({ code: '111022', messageId: 'password-too-common' });
    expect(passwordProblem('Quiet-Espresso-Tide-7', 'casey@example.com')).toBeNull();
  });

  it("the create-account form (the client's machine) refuses the same passwords with the same message", async () => {
    await loadPasswordStrength();
    const form = { firstName: 'Casey', lastName: 'Rivera', emailAddress: 'casey@example.com', password: 'password!', termsAndConditions: true } as never;
    const errors = validateCreateForm(form, { cardRewards: 'digitalCard', returnUrl: null, includeStorageConsent: false } as never);
    expect(errors.password).toBe('This password is too easy to guess. Try a few unrelated words.');
  });

  it('user inputs: the email, its local part and its pieces, names, the brand', () => {
    expect(userInputsFor('Casey.Rivera+x@Example.com', ['Casey', ' Rivera '])).toEqual(
      expect.arrayContaining(['casey.rivera+x@example.com', 'casey.rivera+x', 'casey', 'rivera', 'harbor']),
    );
  });
});
