import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { Store, StoreSummary } from '../../contracts/locations.ts';
import { seattleStores } from '../db/seed/seattle.ts';
import { featureFilter } from './features.ts';
import { FORMAT_CACHE_MAX, formatCacheSize, formatStore, formatStoreCached, formatSummary, metresToMiles, summaryOf, summaryRowOf } from './store-format.ts';
import { HOURS_CACHE_MAX, hoursCacheSize, openStatusOfRow } from './open-status.ts';
import { openStatus } from './hours.ts';
import { reasonFor } from './locations.ts';

const MONDAY_10AM_SEATTLE = new Date('2026-11-23T18:00:00Z');
const byNumber = (n: string) => {
  const row = seattleStores().find((s) => s.store_number === n);
  if (!row) throw new Error(n);
  return row;
};

describe('formatStore', () => {
  it('is a contract Store with the full store number, amenities without pickup or internal codes', () => {
    const store = v.parse(Store, formatStore(byNumber('10006-10106'), MONDAY_10AM_SEATTLE));
    expect(store.storeNumber).toBe('10006-10106');
    expect(store.pickUpOptions.map((p) => p.code)).toEqual(['16', 'DT', 'CX']);
    expect(store.amenities.map((a) => a.code)).toEqual(['WA', 'NB', 'WF', 'LB', 'BA', 'EV']);
    expect(store.mobileOrdering).toEqual({ availability: 'READY', guestOrdering: true, curbsideAvailability: 'available', stallQuantity: 6 });
    expect(store).toMatchObject({ open: true, openStatusFormatted: 'Open until 9:00 PM', hoursStatusFormatted: '5:00 AM to 9:00 PM' });
  });

  it('a 24-hour store', () => {
    const store = formatStore(byNumber('10003-10103'), new Date('2026-11-24T10:00:00Z'));
    expect(store).toMatchObject({ open: true, isOpen24Hours: true, openStatusFormatted: 'Open 24 hours', hoursStatusFormatted: 'Open 24 hours' });
    expect(store.schedule.every((d) => d.hoursFormatted === 'Open 24 hours')).toBe(true);
  });

  it('a store closed on Sundays', () => {
    const sunday = formatStore(byNumber('10007-10107'), new Date('2026-11-22T20:00:00Z'));
    expect(sunday).toMatchObject({ open: false, openStatusFormatted: 'Closed · Opens 7:00 AM tomorrow', hoursStatusFormatted: 'Closed', ownershipTypeCode: 'LS' });
    expect(sunday.schedule[0]).toEqual({ dayFormatted: 'Today', hoursFormatted: 'Closed', holidayFormatted: null });
  });
});

describe('featureFilter', () => {
  it('splits computed codes from static ones', () => {
    expect(featureFilter(['WF', 'ON', 'DT', 'hrs24', 'WF'])).toEqual({ staticCodes: ['DT', 'WF'], openNow: true, allDay: true });
    expect(featureFilter([])).toEqual({ staticCodes: [], openNow: false, allDay: false });
  });
});

describe('distance and reason', () => {
  it('metres to miles, 2 decimals', () => {
    expect(metresToMiles(0)).toBe(0);
    expect(metresToMiles(1609.344)).toBe(1);
    expect(metresToMiles(80467.2)).toBe(50);
    expect(metresToMiles(1234)).toBe(0.77);
  });
  it('a favorite beats a previous store', () => {
    const mine = { favorites: new Set(['1']), previous: new Set(['1', '2']) };
    expect(['1', '2', '3'].map((n) => reasonFor(n, mine))).toEqual(['FAVORITE', 'USUAL', 'NEARBY']);
  });
});

describe('formatStoreCached (the per-store formatting, reused within a minute)', () => {
  it('reuses the formatted store within the same minute and row, and formats anew in the next minute', () => {
    const row = byNumber('10001-10101');
    const a = formatStoreCached(row, new Date('2026-11-23T18:00:05Z'));
    expect(formatStoreCached(row, new Date('2026-11-23T18:00:59Z'))).toBe(a);
    expect(a).toEqual(formatStore(row, new Date('2026-11-23T18:00:05Z')));
    // 10001 opens 5:30 AM Seattle time: one minute before and at the opening differ
    const before = formatStoreCached(row, new Date('2026-11-23T13:29:30Z'));
    const at = formatStoreCached(row, new Date('2026-11-23T13:30:00Z'));
    expect(before.open).toBe(false);
    expect(at.open).toBe(true);
  });

  it('a re-read row (a new object) is formatted again', () => {
    const row = byNumber('10002-10102');
    const at = new Date('2026-11-23T18:00:00Z');
    const a = formatStoreCached(row, at);
    const b = formatStoreCached({ ...row, name: 'Renamed' }, at);
    expect(b).not.toBe(a);
    expect(b.name).toBe('Renamed');
  });

  it('stays within its bound', () => {
    const row = byNumber('10003-10103');
    const at = new Date('2026-11-23T18:00:00Z');
    for (let i = 0; i < FORMAT_CACHE_MAX + 50; i++) formatStoreCached({ ...row, short_number: `x${i}` }, at);
    expect(formatCacheSize()).toBe(FORMAT_CACHE_MAX);
  });
});

describe('formatSummary (what the list sends of a store)', () => {
  it("is the whole store's card fields, nothing more", () => {
    for (const n of ['10001-10101', '10003-10103', '10007-10107']) {
      const at = new Date('2026-11-22T20:00:00Z');
      const whole = formatStore(byNumber(n), at);
      const summary = formatSummary(byNumber(n), at);
      expect(v.parse(StoreSummary, summary)).toEqual(summary);
      expect(summary).toEqual({
        storeNumber: whole.storeNumber,
        name: whole.name,
        coordinates: whole.coordinates,
        address: { singleLine: whole.address.singleLine },
        open: whole.open,
        openStatusFormatted: whole.openStatusFormatted,
        mobileOrdering: { availability: whole.mobileOrdering.availability, guestOrdering: whole.mobileOrdering.guestOrdering },
      });
      // a third of the whole store's JSON or less (the schedule, amenities and the rest come on demand)
      expect(JSON.stringify(summary).length).toBeLessThan(JSON.stringify(whole).length / 3);
    }
  });

  it('is the same from the summary columns and the open status of the hours (the list path)', () => {
    for (const row of seattleStores()) {
      for (const at of [MONDAY_10AM_SEATTLE, new Date('2026-11-24T10:00:00Z'), new Date('2026-11-26T20:30:00Z')]) {
        const stored = { ...row, hours_key: `k-${row.short_number}` };
        expect(JSON.stringify(summaryOf(summaryRowOf(stored), openStatus({ timeZoneId: row.time_zone_id, weeklyHours: row.weekly_hours, holidays: row.holidays }, at)))).toBe(JSON.stringify(formatSummary(row, at)));
      }
    }
  });
});

describe('open status per hours key (open-status.ts)', () => {
  it('is computed once per key and UTC minute', () => {
    const row = { ...byNumber('10004-10104'), hours_key: 'test-minute' };
    const a = openStatusOfRow(row, new Date('2026-11-23T18:00:05Z'));
    expect(openStatusOfRow(row, new Date('2026-11-23T18:00:59Z'))).toBe(a);
    expect(openStatusOfRow(row, new Date('2026-11-23T18:01:00Z'))).not.toBe(a);
    expect(openStatusOfRow(row, new Date('2026-11-23T18:01:00Z'))).toEqual(a);
  });

  it('stays within its bound', () => {
    const row = byNumber('10003-10103');
    for (let i = 0; i < HOURS_CACHE_MAX + 50; i++) openStatusOfRow({ ...row, hours_key: `bound-${i}` }, MONDAY_10AM_SEATTLE);
    expect(hoursCacheSize()).toBe(HOURS_CACHE_MAX);
  });
});
