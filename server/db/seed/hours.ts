import type { DayHours, Holiday } from '../store-row.ts';
import type { Rng } from './prng.ts';

/** Weekly opening-hours patterns of the seed, with relative weights. */
export type HoursPattern = 'standard' | 'early' | 'late' | 'overnight' | 'closedSunday' | 'weekdays' | 'licensed' | 'allDay';

export const COMPANY_PATTERNS: readonly (readonly [HoursPattern, number])[] = [
  ['standard', 46],
  ['early', 16],
  ['late', 14],
  ['overnight', 3],
  ['closedSunday', 8],
  ['weekdays', 4],
  ['allDay', 3],
];
export const LICENSED_PATTERNS: readonly (readonly [HoursPattern, number])[] = [
  ['licensed', 60],
  ['closedSunday', 15],
  ['weekdays', 10],
  ['standard', 15],
];

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const t = (h: number, m = 0) => h * 60 + m;

function week(hoursOf: (day: number) => [number, number] | null): DayHours[] {
  return Array.from({ length: 7 }, (_, day) => {
    const h = hoursOf(day);
    return h ? { day, open: hhmm(h[0]), close: hhmm(h[1]) } : { day, closed: true as const };
  });
}

/** A week of hours for the pattern, shifted by whole half hours so stores differ. */
export function weeklyHours(pattern: HoursPattern, rng: Rng): DayHours[] {
  const o = rng.int(-1, 1) * 30;
  const c = rng.int(-1, 1) * 30;
  const weekend = (d: number) => d === 0 || d === 6;
  switch (pattern) {
    case 'standard':
      return week((d) => (d === 0 ? [t(6, 30) + o, t(20) + c] : d === 6 ? [t(6) + o, t(21) + c] : [t(5, 30) + o, t(21) + c]));
    case 'early':
      return week((d) => (weekend(d) ? [t(5, 30) + o, t(19) + c] : [t(4, 30) + o, t(19) + c]));
    case 'late':
      return week((d) => (d === 5 || d === 6 ? [t(6) + o, t(24)] : d === 0 ? [t(7) + o, t(22) + c] : [t(6) + o, t(23) + c]));
    case 'overnight':
      return week(() => [t(5), t(1)]); // closes at 1:00 AM the next day
    case 'closedSunday':
      return week((d) => (d === 0 ? null : d === 6 ? [t(8) + o, t(15)] : [t(6, 30) + o, t(17) + c]));
    case 'weekdays':
      return week((d) => (weekend(d) ? null : [t(6) + o, t(16) + c]));
    case 'licensed':
      return week((d) => (d === 0 ? [t(8) + o, t(18)] : [t(7) + o, t(20) + c]));
    case 'allDay':
      return week(() => [t(0), t(24)]);
  }
}

interface HolidayRule {
  date: string;
  name: string;
  /** probability that a store lists the day at all */
  listed: number;
  /** probability that a listing store is closed (otherwise short hours) */
  closed: number;
  hours: [string, string];
}

/** Holidays around now (the seed's reference year is 2026): Thanksgiving, Christmas, New Year. */
export const HOLIDAYS: Record<string, HolidayRule[]> = {
  US: [
    { date: '2026-11-26', name: 'Thanksgiving Day', listed: 0.9, closed: 0.35, hours: ['07:00', '14:00'] },
    { date: '2026-12-24', name: 'Christmas Eve', listed: 0.8, closed: 0, hours: ['06:00', '17:00'] },
    { date: '2026-12-25', name: 'Christmas Day', listed: 0.95, closed: 0.85, hours: ['08:00', '14:00'] },
    { date: '2026-12-31', name: "New Year's Eve", listed: 0.7, closed: 0, hours: ['06:00', '18:00'] },
    { date: '2027-01-01', name: "New Year's Day", listed: 0.9, closed: 0.1, hours: ['08:00', '18:00'] },
  ],
  CA: [
    { date: '2026-12-24', name: 'Christmas Eve', listed: 0.8, closed: 0, hours: ['06:00', '17:00'] },
    { date: '2026-12-25', name: 'Christmas Day', listed: 0.95, closed: 0.85, hours: ['08:00', '14:00'] },
    { date: '2026-12-26', name: 'Boxing Day', listed: 0.8, closed: 0.05, hours: ['08:00', '17:00'] },
    { date: '2027-01-01', name: "New Year's Day", listed: 0.9, closed: 0.1, hours: ['08:00', '18:00'] },
  ],
  GB: [
    { date: '2026-12-24', name: 'Christmas Eve', listed: 0.8, closed: 0, hours: ['07:00', '16:00'] },
    { date: '2026-12-25', name: 'Christmas Day', listed: 0.95, closed: 0.9, hours: ['09:00', '14:00'] },
    { date: '2026-12-26', name: 'Boxing Day', listed: 0.9, closed: 0.05, hours: ['09:00', '17:00'] },
    { date: '2026-12-28', name: 'Boxing Day (substitute day)', listed: 0.6, closed: 0, hours: ['08:00', '18:00'] },
    { date: '2027-01-01', name: "New Year's Day", listed: 0.9, closed: 0.1, hours: ['09:00', '18:00'] },
  ],
};

export function holidaysFor(country: string, rng: Rng): Holiday[] {
  const out: Holiday[] = [];
  for (const rule of HOLIDAYS[country] ?? []) {
    if (!rng.chance(rule.listed)) continue;
    if (rng.chance(rule.closed)) out.push({ date: rule.date, name: rule.name, closed: true });
    else out.push({ date: rule.date, name: rule.name, open: rule.hours[0], close: rule.hours[1] });
  }
  return out;
}
