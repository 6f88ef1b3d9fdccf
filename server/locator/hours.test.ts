import { describe, expect, it } from 'vitest';
import type { DayHours, Holiday } from '../db/store-row.ts';
import { formatTime, isOpenAt, openStatus, schedule, type StoreHours } from './hours.ts';
import { localTime } from './local-time.ts';

const byDay = (f: (day: number) => [string, string] | null): DayHours[] =>
  Array.from({ length: 7 }, (_, day) => {
    const h = f(day);
    return h ? { day, open: h[0], close: h[1] } : { day, closed: true as const };
  });
const daily = (open: string, close: string) => byDay(() => [open, close]);
const standard = byDay((d) => (d === 0 ? ['06:30', '20:00'] : d === 6 ? ['06:00', '21:00'] : ['05:30', '21:00']));
const US_HOLIDAYS: Holiday[] = [
  { date: '2026-11-26', name: 'Thanksgiving Day', open: '07:00', close: '14:00' },
  { date: '2026-12-25', name: 'Christmas Day', closed: true },
];
const store = (weeklyHours: DayHours[], holidays: Holiday[] = [], timeZoneId = 'America/Los_Angeles'): StoreHours => ({ timeZoneId, weeklyHours, holidays });
const at = (iso: string) => new Date(iso);

describe('formatTime', () => {
  it.each([
    [0, '12:00 AM'],
    [330, '5:30 AM'],
    [720, '12:00 PM'],
    [765, '12:45 PM'],
    [1290, '9:30 PM'],
    [1440, '12:00 AM'],
    [1500, '1:00 AM'],
  ])('%i minutes -> %s', (m, text) => expect(formatTime(m)).toBe(text));
});

describe('localTime', () => {
  it('reads the wall clock of the zone, across the date line of each zone', () => {
    const instant = at('2026-11-24T04:00:00Z');
    expect(localTime(instant, 'America/Los_Angeles')).toEqual({ date: '2026-11-23', minutes: 20 * 60 });
    expect(localTime(instant, 'America/New_York')).toEqual({ date: '2026-11-23', minutes: 23 * 60 });
    expect(localTime(instant, 'Europe/London')).toEqual({ date: '2026-11-24', minutes: 4 * 60 });
  });
  it('follows daylight saving time', () => {
    expect(localTime(at('2026-07-01T19:00:00Z'), 'America/Los_Angeles').minutes).toBe(12 * 60); // PDT, UTC-7
    expect(localTime(at('2026-12-01T19:00:00Z'), 'America/Los_Angeles').minutes).toBe(11 * 60); // PST, UTC-8
  });
  it('gives every instant of one UTC minute the same wall clock, and the next minute the next', () => {
    expect(localTime(at('2026-11-24T04:07:00.000Z'), 'America/New_York')).toEqual({ date: '2026-11-23', minutes: 23 * 60 + 7 });
    expect(localTime(at('2026-11-24T04:07:59.999Z'), 'America/New_York')).toEqual({ date: '2026-11-23', minutes: 23 * 60 + 7 });
    expect(localTime(at('2026-11-24T05:00:00.000Z'), 'America/New_York')).toEqual({ date: '2026-11-24', minutes: 0 });
    // a half-hour zone across its midnight, within one minute and the next
    expect(localTime(at('2026-11-24T18:29:30Z'), 'Asia/Kolkata')).toEqual({ date: '2026-11-24', minutes: 23 * 60 + 59 });
    expect(localTime(at('2026-11-24T18:30:00Z'), 'Asia/Kolkata')).toEqual({ date: '2026-11-25', minutes: 0 });
  });
  it('falls back to UTC for an unknown zone instead of failing', () => {
    expect(localTime(at('2026-11-23T10:15:00Z'), 'Mars/Olympus_Mons')).toEqual({ date: '2026-11-23', minutes: 10 * 60 + 15 });
  });
});

describe('openStatus', () => {
  // Monday 2026-11-23 in Seattle (PST, UTC-8)
  it('open during the day', () => {
    expect(openStatus(store(standard), at('2026-11-23T18:00:00Z'))).toEqual({ open: true, openStatusFormatted: 'Open until 9:00 PM', hoursStatusFormatted: '5:30 AM to 9:00 PM' });
  });
  it('closed before opening: opens later today', () => {
    expect(openStatus(store(standard), at('2026-11-23T12:00:00Z'))).toEqual({ open: false, openStatusFormatted: 'Closed · Opens 5:30 AM', hoursStatusFormatted: '5:30 AM to 9:00 PM' });
  });
  it('closed at closing time exactly, opens tomorrow', () => {
    expect(openStatus(store(standard), at('2026-11-24T05:00:00Z')).openStatusFormatted).toBe('Closed · Opens 5:30 AM tomorrow');
    expect(isOpenAt(store(standard), at('2026-11-24T04:59:00Z'))).toBe(true);
    expect(isOpenAt(store(standard), at('2026-11-24T05:00:00Z'))).toBe(false);
  });
  it('the same instant differs by the store time zone', () => {
    const hours = daily('07:00', '19:00');
    const instant = at('2026-11-23T14:00:00Z'); // 6:00 Seattle, 9:00 New York, 14:00 London
    expect(openStatus(store(hours, [], 'America/Los_Angeles'), instant).openStatusFormatted).toBe('Closed · Opens 7:00 AM');
    expect(openStatus(store(hours, [], 'America/New_York'), instant).openStatusFormatted).toBe('Open until 7:00 PM');
    expect(openStatus(store(hours, [], 'Europe/London'), instant).open).toBe(true);
  });
  it('a holiday overrides the weekly hours', () => {
    const hours = store(standard, US_HOLIDAYS);
    // Thanksgiving 15:00 local: the holiday closed at 2 PM
    expect(openStatus(hours, at('2026-11-26T23:00:00Z'))).toEqual({ open: false, openStatusFormatted: 'Closed · Opens 5:30 AM tomorrow', hoursStatusFormatted: '7:00 AM to 2:00 PM' });
    expect(openStatus(hours, at('2026-11-26T20:00:00Z')).openStatusFormatted).toBe('Open until 2:00 PM');
    // Christmas Eve evening: tomorrow is closed, so the next opening is on Saturday
    expect(openStatus(hours, at('2026-12-25T06:00:00Z')).openStatusFormatted).toBe('Closed · Opens 6:00 AM Saturday');
    expect(openStatus(hours, at('2026-12-25T18:00:00Z')).hoursStatusFormatted).toBe('Closed');
  });
  it('24 hours', () => {
    expect(openStatus(store(daily('00:00', '24:00')), at('2026-11-23T11:00:00Z'))).toEqual({ open: true, openStatusFormatted: 'Open 24 hours', hoursStatusFormatted: 'Open 24 hours' });
  });
  it('a 24-hour store closing for a holiday says when it closes', () => {
    const hours = store(daily('00:00', '24:00'), [{ date: '2026-12-25', name: 'Christmas Day', closed: true }]);
    expect(openStatus(hours, at('2026-12-25T07:00:00Z')).openStatusFormatted).toBe('Open until 12:00 AM'); // Dec 24, 23:00
    expect(openStatus(hours, at('2026-12-25T09:00:00Z')).openStatusFormatted).toBe('Closed · Opens 12:00 AM tomorrow');
  });
  it('hours past midnight stay open into the next day', () => {
    const late = daily('05:00', '01:00');
    expect(openStatus(store(late), at('2026-11-24T08:30:00Z'))).toEqual({ open: true, openStatusFormatted: 'Open until 1:00 AM', hoursStatusFormatted: '5:00 AM to 1:00 AM' });
    expect(openStatus(store(late), at('2026-11-24T09:30:00Z')).openStatusFormatted).toBe('Closed · Opens 5:00 AM');
    expect(openStatus(store(late), at('2026-11-24T06:00:00Z')).openStatusFormatted).toBe('Open until 1:00 AM');
  });
  it('closed days are skipped when finding the next opening', () => {
    const closedSunday = byDay((d) => (d === 0 ? null : d === 6 ? ['08:00', '15:00'] : ['07:00', '17:00']));
    // Saturday 2026-11-21 16:00 local
    expect(openStatus(store(closedSunday), at('2026-11-22T00:00:00Z')).openStatusFormatted).toBe('Closed · Opens 7:00 AM Monday');
    // Sunday
    expect(openStatus(store(closedSunday), at('2026-11-22T20:00:00Z'))).toEqual({ open: false, openStatusFormatted: 'Closed · Opens 7:00 AM tomorrow', hoursStatusFormatted: 'Closed' });
  });
  it('a store closed every day says only Closed', () => {
    expect(openStatus(store(byDay(() => null)), at('2026-11-23T18:00:00Z')).openStatusFormatted).toBe('Closed');
  });
});

describe('schedule', () => {
  it('lists 7 days from today in the store time zone with holidays', () => {
    const days = schedule(store(standard, US_HOLIDAYS), at('2026-11-23T18:00:00Z'));
    expect(days).toEqual([
      { dayFormatted: 'Today', hoursFormatted: '5:30 AM to 9:00 PM', holidayFormatted: null },
      { dayFormatted: 'Tomorrow', hoursFormatted: '5:30 AM to 9:00 PM', holidayFormatted: null },
      { dayFormatted: 'Wednesday', hoursFormatted: '5:30 AM to 9:00 PM', holidayFormatted: null },
      { dayFormatted: 'Thursday', hoursFormatted: '7:00 AM to 2:00 PM', holidayFormatted: 'Thanksgiving Day' },
      { dayFormatted: 'Friday', hoursFormatted: '5:30 AM to 9:00 PM', holidayFormatted: null },
      { dayFormatted: 'Saturday', hoursFormatted: '6:00 AM to 9:00 PM', holidayFormatted: null },
      { dayFormatted: 'Sunday', hoursFormatted: '6:30 AM to 8:00 PM', holidayFormatted: null },
    ]);
  });
  it('starts on the local date: London is already on Tuesday', () => {
    const instant = at('2026-11-24T04:00:00Z');
    const hours = byDay((d) => (d === 2 ? ['09:00', '17:00'] : ['07:00', '19:00']));
    expect(schedule(store(hours, [], 'Europe/London'), instant)[0]).toEqual({ dayFormatted: 'Today', hoursFormatted: '9:00 AM to 5:00 PM', holidayFormatted: null });
    expect(schedule(store(hours, [], 'America/Los_Angeles'), instant)[0]?.hoursFormatted).toBe('7:00 AM to 7:00 PM');
  });
  it('shows closed holidays and 24-hour days', () => {
    const days = schedule(store(daily('00:00', '24:00'), US_HOLIDAYS), at('2026-12-22T18:00:00Z'));
    expect(days[0]).toEqual({ dayFormatted: 'Today', hoursFormatted: 'Open 24 hours', holidayFormatted: null });
    expect(days[3]).toEqual({ dayFormatted: 'Friday', hoursFormatted: 'Closed', holidayFormatted: 'Christmas Day' });
  });
});
