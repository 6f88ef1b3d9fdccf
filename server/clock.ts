/**
 * The app's clock (every area: open status, schedules, slots, orders, expiries). Tests and demos pin "now":
 * - `setNow(new Date('2026-11-23T18:00:00Z'))` in a test, `setNow(null)` to go back to the real time;
 * - FAKE_NOW=2026-11-23T18:00:00Z in the environment pins it for a whole process (e2e).
 */
let fixed: Date | null = parseFakeNow(process.env.FAKE_NOW);

function parseFakeNow(value: string | undefined): Date | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

export function now(): Date {
  return fixed ? new Date(fixed.getTime()) : new Date();
}

export function setNow(date: Date | null): void {
  fixed = date ? new Date(date.getTime()) : null;
}
