/**
 * machines/cards-flow.ts is not a machine: it reads a card or payment rejection with the card catalogue
 * (spec 2 section 8 "Card and payment codes"). Unit tests; the texts are the spec's, written out.
 */
import { describe, expect, it } from 'vitest';
import { cardFlowError, isKnownCardError } from '../cards-flow.ts';
import { apiError } from './account-fakes.ts';

const GENERIC = 'Something went wrong. Please try again.';
const LOOK_WRONG = "That card number or security code doesn't look right.";
const TRY_AGAIN = { label: 'Try again', to: 'retry' };

describe('machines/cards-flow.ts', () => {
  it.each([
    // code, the catalogue text (spec 2 section 8), the action offered with it
    ['121000', LOOK_WRONG, TRY_AGAIN],
    ['121001', LOOK_WRONG, TRY_AGAIN],
    ['121002', LOOK_WRONG, TRY_AGAIN],
    ['121017', LOOK_WRONG, TRY_AGAIN],
    ['121009', 'Enter an Auto reload amount.', null],
    ['121025', 'The balance on this card is too low to transfer.', { label: 'Choose different card', to: 'choose-card' }],
    ['121034', "This card isn't registered.", { label: 'Register this card', to: '/account/cards/add' }],
    ['121037', 'This card has been deactivated or closed.', { label: 'Add it back', to: '/account/cards/add' }],
    ['121048', 'Your card was rejected. Please choose another payment method.', { label: 'Choose another method', to: 'choose-method' }],
    ['121063', 'We already received your request, thanks!', null],
    ['121075', GENERIC, null],
    ['122000', 'This card is already registered.', TRY_AGAIN],
    ['INSUFFICIENT_BALANCE', 'Insufficient balance available.', null],
  ])('a known code %s (4xx, no server text) reads as the catalogue text with its action', (code, message, action) => {
    expect(cardFlowError({ status: 422, code, message: 'raw server text', body: {} })).toEqual({ code, message, action });
  });

  it('a server-supplied message for a known code takes precedence (spec 2 section 8)', () => {
    expect(cardFlowError(apiError(422, '121034', '', { message: 'Card 1234 is not yours.' }))).toEqual({
      code: '121034',
      message: 'Card 1234 is not yours.',
      action: { label: 'Register this card', to: '/account/cards/add' },
    });
    // an empty server text does not replace the catalogue's
    expect(cardFlowError(apiError(422, '121034', '', { message: '' })).message).toBe("This card isn't registered.");
  });

  it('5xx and network failures read as the generic text, whatever the code and text', () => {
    for (const status of [500, 502, 503, 0]) {
      expect(cardFlowError(apiError(status, '121034', 'Internal detail', { message: 'Internal detail' })).message, String(status)).toBe(GENERIC);
    }
    expect(cardFlowError(undefined)).toEqual({ code: 'UNEXPECTED_ERROR', message: GENERIC, action: TRY_AGAIN });
    expect(cardFlowError(new TypeError('Failed to fetch')).message).toBe(GENERIC);
    // the boundary: 499 is still a client error, read with the catalogue
    expect(cardFlowError(apiError(499, '121000', '')).message).toBe(LOOK_WRONG);
  });

  it("an unknown 4xx code keeps the server's text, else the generic one; no action", () => {
    expect(cardFlowError(apiError(400, 'SOMETHING_NEW', 'The server explains.'))).toEqual({ code: 'SOMETHING_NEW', message: 'The server explains.', action: null });
    expect(cardFlowError(apiError(400, 'SOMETHING_NEW', ''))).toEqual({ code: 'SOMETHING_NEW', message: GENERIC, action: null });
  });

  it('keeps the field a failure names, and has no field key otherwise', () => {
    expect(cardFlowError(apiError(422, '121001', '', { field: 'securityCode' }))).toEqual({ code: '121001', message: LOOK_WRONG, field: 'securityCode', action: TRY_AGAIN });
    expect('field' in cardFlowError(apiError(422, '121001', ''))).toBe(false);
  });

  it.each([
    [apiError(422, '121000', ''), true],
    [apiError(400, 'INSUFFICIENT_BALANCE', ''), true],
    [apiError(499, '121048', ''), true],
    [apiError(1, '121048', ''), true],
    [apiError(500, '121048', ''), false],
    [apiError(0, '121048', ''), false],
    [apiError(422, 'SOMETHING_NEW', 'x'), false],
    [new Error('offline'), false],
    [undefined, false],
  ])('isKnownCardError(%j) is %s: a catalogue code on a client error', (error, known) => {
    expect(isKnownCardError(error)).toBe(known);
  });
});
