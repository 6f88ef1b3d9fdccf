import type { DayHours, Holiday } from '../db/store-row.ts';
import { addDays, localTime, weekday, weekdayName } from './local-time.ts';

/**
 * Opening hours of a store: which interval applies on a local date (a holiday overrides the weekly hours),
 * whether the store is open at an instant, and the texts the locator shows.
 */
export interface StoreHours {
  timeZoneId: string;
  weeklyHours: DayHours[];
  holidays: Holiday[];
}

/** Minutes since local midnight; `close` above 1440 ends on the next day. */
export interface Interval {
  open: number;
  close: number;
}

const DAY = 1440;

export function toMinutes(hhmm: string): number {
  const [h, m] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
}

/** "5:30 AM", "12:00 PM", "12:00 AM" (midnight, also for 24:00) */
export function formatTime(minutes: number): string {
  const m = ((minutes % DAY) + DAY) % DAY;
  const h24 = Math.floor(m / 60);
  const h12 = h24 % 12 === 0 ? 12 : h24 % 12;
  return `${h12}:${String(m % 60).padStart(2, '0')} ${h24 < 12 ? 'AM' : 'PM'}`;
}

/**
 * Per holidays list and per weekly hours (objects), what intervalOn reads from them: the first holiday of each date,
 * and the interval of each weekday. Hours are read-only once parsed (open-status.ts shares one object per distinct
 * text among every hours key that has it), so this is computed once per object instead of parsing "HH:MM" texts for
 * each status (an open status took about 10 us before, most of it here).
 */
const holidaysByDate = new WeakMap<readonly Holiday[], Map<string, Holiday>>();
const weekdayIntervals = new WeakMap<readonly DayHours[], readonly (Interval | null)[]>();
const holidayIntervals = new WeakMap<Holiday, Interval | null>();

export function holidayOn(hours: StoreHours, date: string): Holiday | undefined {
  if (!hours.holidays.length) return undefined;
  let byDate = holidaysByDate.get(hours.holidays);
  if (!byDate) {
    byDate = new Map();
    for (const h of hours.holidays) if (!byDate.has(h.date)) byDate.set(h.date, h);
    holidaysByDate.set(hours.holidays, byDate);
  }
  return byDate.get(date);
}

/** The interval of a day's or a holiday's hours, or null when closed. */
function intervalOf(source: DayHours | Holiday | undefined): Interval | null {
  if (!source || source.closed || !source.open || !source.close) return null;
  const open = toMinutes(source.open);
  let close = toMinutes(source.close);
  if (close <= open) close += DAY; // past midnight
  return { open, close };
}

/** The opening interval on a local date, or null when closed all day (the same object for the same hours and weekday: read-only). */
export function intervalOn(hours: StoreHours, date: string): Interval | null {
  const holiday = holidayOn(hours, date);
  if (holiday) {
    let i = holidayIntervals.get(holiday);
    if (i === undefined) holidayIntervals.set(holiday, (i = intervalOf(holiday)));
    return i;
  }
  let byDay = weekdayIntervals.get(hours.weeklyHours);
  if (!byDay) {
    byDay = Array.from({ length: 7 }, (_, day) => intervalOf(hours.weeklyHours.find((d) => d.day === day)));
    weekdayIntervals.set(hours.weeklyHours, byDay);
  }
  return byDay[weekday(date)] ?? null;
}

const isAllDay = (i: Interval | null) => !!i && i.open === 0 && i.close >= DAY;

/** "5:30 AM to 9:00 PM", "Open 24 hours" or "Closed" */
export function formatInterval(i: Interval | null): string {
  if (!i) return 'Closed';
  if (isAllDay(i)) return 'Open 24 hours';
  return `${formatTime(i.open)} to ${formatTime(i.close)}`;
}

export interface OpenStatus {
  open: boolean;
  /** "Open until 9:00 PM", "Open 24 hours", "Closed · Opens 5:30 AM", "Closed · Opens 5:30 AM tomorrow", "Closed · Opens 6:30 AM Sunday", "Closed" */
  openStatusFormatted: string;
  /** today's hours */
  hoursStatusFormatted: string;
}

function openUntil(hours: StoreHours, today: string, closeMinutes: number, allDay: boolean): string {
  const nextDay = intervalOn(hours, addDays(today, 1));
  if (allDay && nextDay?.open === 0) return 'Open 24 hours';
  return `Open until ${formatTime(closeMinutes)}`;
}

function nextOpening(hours: StoreHours, today: string, minutes: number): string {
  const todays = intervalOn(hours, today);
  if (todays && minutes < todays.open) return `Closed · Opens ${formatTime(todays.open)}`;
  for (let k = 1; k <= 7; k++) {
    const date = addDays(today, k);
    const i = intervalOn(hours, date);
    if (i) return `Closed · Opens ${formatTime(i.open)} ${k === 1 ? 'tomorrow' : weekdayName(date)}`;
  }
  return 'Closed';
}

export function openStatus(hours: StoreHours, instant: Date): OpenStatus {
  const { date, minutes } = localTime(instant, hours.timeZoneId);
  const today = intervalOn(hours, date);
  const yesterday = intervalOn(hours, addDays(date, -1));
  const hoursStatusFormatted = formatInterval(today);
  if (yesterday && yesterday.close > DAY && minutes < yesterday.close - DAY) {
    return { open: true, openStatusFormatted: `Open until ${formatTime(yesterday.close)}`, hoursStatusFormatted };
  }
  if (today && minutes >= today.open && minutes < today.close) {
    return { open: true, openStatusFormatted: openUntil(hours, date, today.close, isAllDay(today)), hoursStatusFormatted };
  }
  return { open: false, openStatusFormatted: nextOpening(hours, date, minutes), hoursStatusFormatted };
}

export function isOpenAt(hours: StoreHours, instant: Date): boolean {
  const { date, minutes } = localTime(instant, hours.timeZoneId);
  const today = intervalOn(hours, date);
  const yesterday = intervalOn(hours, addDays(date, -1));
  return (!!yesterday && yesterday.close > DAY && minutes < yesterday.close - DAY) || (!!today && minutes >= today.open && minutes < today.close);
}

export interface ScheduleDay {
  dayFormatted: string;
  hoursFormatted: string;
  holidayFormatted: string | null;
}

/** The 7 days from today in the store's time zone: "Today", "Tomorrow", then weekday names. */
export function schedule(hours: StoreHours, instant: Date): ScheduleDay[] {
  const { date } = localTime(instant, hours.timeZoneId);
  return Array.from({ length: 7 }, (_, k) => {
    const d = addDays(date, k);
    return {
      dayFormatted: k === 0 ? 'Today' : k === 1 ? 'Tomorrow' : weekdayName(d),
      hoursFormatted: formatInterval(intervalOn(hours, d)),
      holidayFormatted: holidayOn(hours, d)?.name ?? null,
    };
  });
}
