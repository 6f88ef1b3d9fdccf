import { GREETING_BOUNDARIES } from '../contracts/home-constants.ts';
import { GreetingEmoji, GreetingWords, HomeMessages, type DayPeriod, type Season } from '../contracts/home-messages.ts';

/**
 * The home page's greeting (spec 3 section 4 "Home stream", section 9; docs/home.md 2.3), pure: the hour and the
 * calendar day of an instant in the member's time zone, the period and season they fall in, and the text.
 */

export type { DayPeriod, Season };

/** the parts of `now` in `timeZone` (an unknown zone reads as UTC) */
function partsIn(now: number, timeZone: string): { month: number; day: number; hour: number } {
  const read = (zone: string) => {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, month: 'numeric', day: 'numeric', hour: 'numeric', hourCycle: 'h23' }).formatToParts(now);
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    return { month: get('month'), day: get('day'), hour: get('hour') % 24 };
  };
  try {
    return read(timeZone);
  } catch {
    return read('UTC');
  }
}

/** the hour (0-23) of `now` in `timeZone` */
export function hourIn(now: number, timeZone: string): number {
  return partsIn(now, timeZone).hour;
}

/** 'MM-DD' of `now` in `timeZone` */
export function monthDayIn(now: number, timeZone: string): string {
  const { month, day } = partsIn(now, timeZone);
  return `${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** spec 4 and 9: morning before 12:00, afternoon from 12:00 to before 17:00, evening from 17:00 (17:00 itself is evening: design) */
export function periodOf(hour: number): DayPeriod {
  const [afternoon, evening] = GREETING_BOUNDARIES;
  if (hour < afternoon) return 'morning';
  return hour < evening ? 'afternoon' : 'evening';
}

/**
 * spec 4's seasonal ranges by month-day ('MM-DD'), every year: autumn 08-26..11-06, holiday 11-07..01-02 (the spec
 * writes 2024-11-07 to 2025-01-02; read as yearly: docs/home.md 2.3), winter 01-03..01-20, back-to-the-brand
 * 01-22..05-19, summer one 05-20..07-07, summer two 07-08..08-25 (the spec's 08-26 also opens autumn: autumn wins),
 * otherwise (01-21) the default.
 */
export function seasonOf(monthDay: string): Season {
  const md = monthDay;
  if (md >= '08-26' && md <= '11-06') return 'autumn';
  if (md >= '11-07' || md <= '01-02') return 'holiday';
  if (md >= '01-03' && md <= '01-20') return 'winter';
  if (md >= '01-22' && md <= '05-19') return 'backToTheBrand';
  if (md >= '05-20' && md <= '07-07') return 'summerOne';
  if (md >= '07-08' && md <= '08-25') return 'summerTwo';
  return 'default';
}

export interface GreetingParts {
  season: Season;
  period: DayPeriod;
  signedIn: boolean;
  firstName: string;
}

/**
 * The heading and, for signed-out visitors, the prompt under it (spec: 'Can we get something started for you?').
 * Seasonal: 'Crisp morning, Avery'; default: 'Good morning, Avery ☀️'. Signed out, or without a first name, the
 * name part is left out.
 */
export function greetingText({ season, period, signedIn, firstName }: GreetingParts): { heading: string; prompt: string | null } {
  const name = signedIn && firstName.trim() ? `, ${firstName.trim()}` : '';
  const phrase = `${GreetingWords[season]} ${period}${name}`;
  const heading = season === 'default' ? `${phrase} ${GreetingEmoji[period]}` : phrase;
  return { heading, prompt: signedIn ? null : HomeMessages.guestPrompt };
}

/** the member's time zone: the browser's (the profile has none: docs/home.md 1); 'UTC' where it cannot be read */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
