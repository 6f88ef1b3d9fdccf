/**
 * Wall-clock time of an instant in a time zone, with calendar arithmetic on local dates ("YYYY-MM-DD").
 * Intl.DateTimeFormat instances are costly to build, so one is kept per zone.
 */
export interface LocalTime {
  /** "YYYY-MM-DD" */
  date: string;
  /** minutes since local midnight */
  minutes: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    } catch {
      // an unknown zone id in the data must not fail the request: fall back to UTC
      f = formatter('UTC');
    }
    formatters.set(timeZone, f);
  }
  return f;
}

/**
 * The last answer per zone, by UTC minute: a request formats many stores at one instant, mostly in a few zones,
 * and every request of the same minute gets the same answer (the answer has no seconds, and zones' offsets are
 * whole minutes), so formatting runs about once per zone and minute instead of once per zone and request.
 */
const lastByZone = new Map<string, { minute: number; value: LocalTime }>();

export function localTime(instant: Date, timeZone: string): LocalTime {
  const minute = Math.floor(instant.getTime() / 60_000);
  const last = lastByZone.get(timeZone);
  if (last?.minute === minute) return last.value;
  const value = computeLocalTime(instant, timeZone);
  lastByZone.set(timeZone, { minute, value });
  return value;
}

function computeLocalTime(instant: Date, timeZone: string): LocalTime {
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) parts[p.type] = p.value;
  const hour = Number(parts.hour) % 24;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, minutes: hour * 60 + Number(parts.minute) };
}

const toUtc = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));

/** addDays' answers: a minute's statuses ask for the same few dates' neighbours again and again. Bounded. */
const shifted = new Map<string, string>();

export function addDays(date: string, days: number): string {
  const key = `${date}|${days}`;
  let out = shifted.get(key);
  if (out === undefined) {
    out = new Date(toUtc(date) + days * 86_400_000).toISOString().slice(0, 10);
    if (shifted.size >= 4096) shifted.clear();
    shifted.set(key, out);
  }
  return out;
}

/** 0 = Sunday .. 6 = Saturday (1970-01-01, day 0, was a Thursday) */
export function weekday(date: string): number {
  return (((Math.floor(toUtc(date) / 86_400_000) + 4) % 7) + 7) % 7;
}

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export function weekdayName(date: string): string {
  return WEEKDAYS[weekday(date)] ?? '';
}
