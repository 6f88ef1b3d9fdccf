import { afterEach, describe, expect, it } from 'vitest';
import { fireTrackingPixels, track } from './analytics.ts';
import { consentFor, readChoices, writeChoices } from './cookie-consent.ts';

const clearCookies = () => {
  for (const name of ['cookie_prefs', 'privacy_opt_out']) document.cookie = `${name}=; Path=/; Max-Age=0`;
};
const events = () => (window.dataLayer ?? []).map((e) => e.event);

describe('analytics and tracking pixels fire only with consent (issue 11)', () => {
  afterEach(() => {
    clearCookies();
    window.dataLayer = [];
  });

  it('no choice yet: neither analytics events nor pixels', () => {
    expect(readChoices()).toBeNull();
    track('login-click');
    fireTrackingPixels('account-created');
    expect(events()).toEqual([]);
  });

  it('analytics only: events, no pixels', () => {
    writeChoices({ analytics: true, advertising: false });
    expect(document.cookie).toContain('cookie_prefs=a1d0');
    track('login-click');
    fireTrackingPixels('account-created');
    expect(events()).toEqual(['login-click']);
  });

  it('advertising only: pixels, no events', () => {
    writeChoices({ analytics: false, advertising: true });
    track('login-click');
    fireTrackingPixels('account-created');
    expect(window.dataLayer).toEqual([{ event: 'tracking-pixel', name: 'account-created' }]);
  });

  it('a recorded opt-out turns advertising off whatever was chosen', () => {
    writeChoices({ analytics: true, advertising: true });
    document.cookie = 'privacy_opt_out=1; Path=/';
    expect(consentFor('advertising')).toBe(false);
    expect(consentFor('analytics')).toBe(true);
    expect(consentFor('necessary')).toBe(true);
    fireTrackingPixels('account-created');
    track('sign-in-success');
    expect(events()).toEqual(['sign-in-success']);
  });

  it('a malformed stored value counts as no choice', () => {
    document.cookie = 'cookie_prefs=a1d1x; Path=/';
    expect(readChoices()).toBeNull();
    expect(consentFor('analytics')).toBe(false);
  });
});
