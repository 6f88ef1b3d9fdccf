/** greeting-text.ts against the spec's values (spec 3 section 4, section 9; docs/home.md 2.3), written by hand. */
import { describe, expect, it } from 'vitest';
import { greetingText, hourIn, monthDayIn, periodOf, seasonOf } from '../greeting-text.ts';

describe('periodOf: morning before 12:00, afternoon 12:00 to 17:00, evening from 17:00', () => {
  it.each([
    [0, 'morning'], [11, 'morning'], [12, 'afternoon'], [16, 'afternoon'], [17, 'evening'], [23, 'evening'],
  ] as const)('%i h → %s', (h, p) => expect(periodOf(h)).toBe(p));
});

describe('seasonOf: every range first and last day, both neighbours', () => {
  it.each([
    ['08-25', 'summerTwo'], ['08-26', 'autumn'], ['11-06', 'autumn'],
    ['11-07', 'holiday'], ['12-31', 'holiday'], ['01-01', 'holiday'], ['01-02', 'holiday'],
    ['01-03', 'winter'], ['01-20', 'winter'], ['01-21', 'default'],
    ['01-22', 'backToTheBrand'], ['05-19', 'backToTheBrand'],
    ['05-20', 'summerOne'], ['07-07', 'summerOne'], ['07-08', 'summerTwo'],
  ] as const)('%s → %s', (md, season) => expect(seasonOf(md)).toBe(season));
});

describe('the hour and day in the member time zone', () => {
  const at = (iso: string) => Date.parse(iso);
  it.each([
    // one instant, two zones
    ['2026-01-10T20:00:00Z', 'America/Los_Angeles', 12, '01-10'],
    ['2026-01-10T20:00:00Z', 'Asia/Tokyo', 5, '01-11'],
    ['2026-01-10T19:59:59Z', 'America/Los_Angeles', 11, '01-10'],
    ['2026-01-11T01:00:00Z', 'America/Los_Angeles', 17, '01-10'],
    ['2026-01-11T00:59:59Z', 'America/Los_Angeles', 16, '01-10'],
    // summer time: UTC-7
    ['2026-07-01T19:00:00Z', 'America/Los_Angeles', 12, '07-01'],
    ['2024-11-07T08:00:00Z', 'America/Los_Angeles', 0, '11-07'],
    ['2026-11-07T08:00:00Z', 'America/Los_Angeles', 0, '11-07'],
    ['2026-01-10T00:30:00Z', 'UTC', 0, '01-10'],
  ] as const)('%s in %s → %i h, %s', (iso, zone, hour, md) => {
    expect(hourIn(at(iso), zone)).toBe(hour);
    expect(monthDayIn(at(iso), zone)).toBe(md);
  });
  it('the holiday range read as yearly: 2024-11-07 and 2026-11-07 are both holiday', () => {
    expect(seasonOf(monthDayIn(at('2024-11-07T12:00:00Z'), 'UTC'))).toBe('holiday');
    expect(seasonOf(monthDayIn(at('2026-11-07T12:00:00Z'), 'UTC'))).toBe('holiday');
  });
});

describe('greetingText: the texts of docs/home.md 2.3', () => {
  it.each([
    ['autumn', 'morning', 'Crisp morning, Avery', 'Crisp morning'],
    ['holiday', 'afternoon', 'Merry afternoon, Avery', 'Merry afternoon'],
    ['winter', 'evening', 'Cozy evening, Avery', 'Cozy evening'],
    ['backToTheBrand', 'morning', 'Fresh morning, Avery', 'Fresh morning'],
    ['summerOne', 'afternoon', 'Sunny afternoon, Avery', 'Sunny afternoon'],
    ['summerTwo', 'evening', 'Golden evening, Avery', 'Golden evening'],
    ['default', 'morning', 'Good morning, Avery ☀️', 'Good morning ☀️'],
    ['default', 'afternoon', 'Good afternoon, Avery 👋', 'Good afternoon 👋'],
    ['default', 'evening', 'Good evening, Avery 🌙', 'Good evening 🌙'],
  ] as const)('%s %s', (season, period, member, guest) => {
    expect(greetingText({ season, period, signedIn: true, firstName: 'Avery' })).toEqual({ heading: member, prompt: null });
    expect(greetingText({ season, period, signedIn: false, firstName: '' })).toEqual({ heading: guest, prompt: 'Can we get something started for you?' });
  });
  it('a member without a first name gets no dangling comma', () => {
    expect(greetingText({ season: 'autumn', period: 'evening', signedIn: true, firstName: '  ' }).heading).toBe('Crisp evening');
  });
});
