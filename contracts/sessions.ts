import * as v from 'valibot';

/**
 * A member's sessions (ASVS 5.0 7.4.3 / 7.5.2): list them and end any other one, or all the others.
 * Page /account/settings/sessions. All calls need sign-in (401 UNAUTHORIZED) and, when not GET, the CSRF header.
 *
 * GET    /apiproxy/v1/account/sessions                → 200 SessionList
 * DELETE /apiproxy/v1/account/sessions/:id            → 200 SessionList; 404 SESSION_NOT_FOUND (unknown, already
 *                                                        ended, or another member's); 400 BAD_REQUEST for this
 *                                                        device's own session (sign out instead)
 * POST   /apiproxy/v1/account/sessions/end-others     → 200 SessionList (only this device left)
 */
export const SessionId = v.pipe(v.string(), v.regex(/^[0-9a-f-]{36}$/, 'Not a session id.'));

export const SessionSummary = v.object({
  /** public id (not the cookie token nor its hash) */
  id: v.string(),
  /** e.g. 'Chrome on Windows', from the User-Agent the session started with; 'Unknown device' when none */
  device: v.string(),
  createdAt: v.string(),
  lastSeenAt: v.string(),
  /** this browser's session */
  current: v.boolean(),
  /** keep me signed in */
  rememberMe: v.boolean(),
});
export type SessionSummary = v.InferOutput<typeof SessionSummary>;

export const SessionList = v.object({ sessions: v.array(SessionSummary) });
export type SessionList = v.InferOutput<typeof SessionList>;

export const SessionErrorCodes = { notFound: 'SESSION_NOT_FOUND' } as const;

export const SessionMessages = {
  title: 'Your devices',
  intro: 'These browsers and devices are signed in to your account. End any session you do not recognise.',
  thisDevice: 'This device',
  endOne: 'Sign out',
  endOthers: 'Sign out of all other devices',
  noOthers: 'No other device is signed in.',
  ended: 'Signed out of that device.',
  endedOthers: 'Signed out of all other devices.',
  notFound: 'That session has already ended.',
  ownSession: 'To end this session, sign out.',
  loadFailed: 'We could not load your devices.',
  endFailed: 'We could not sign out that device. Please try again.',
} as const;

const BROWSERS: Array<[RegExp, string]> = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** 'Chrome on Windows', 'Safari on iPhone', 'Firefox', 'Unknown device'. */
export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Unknown device';
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}
