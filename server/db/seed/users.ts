import { createHash } from 'node:crypto';
import type { Rng } from './prng.ts';
import { SEATTLE_STORES } from './seattle.ts';

/**
 * Demo accounts (documented in the README). Ids are random-looking but come from the seed's PRNG.
 * - demo@example.com / Harbor-Demo-2026: a member, Avery, no favorites yet
 * - regular@example.com / Harbor-Demo-2026: Jordan, 3 favorite and 3 previous stores in downtown Seattle
 */
export const DEMO_PASSWORD = 'Harbor-Demo-2026';

export interface DemoUser {
  id: string;
  exId: string;
  email: string;
  firstName: string;
  lastName: string;
  favorites: string[];
  previous: string[];
}

const short = (n: string) => n.split('-')[0] ?? n;

function uuidLike(rng: Rng): string {
  const h = rng.hex(32);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export function demoUsers(rng: Rng): DemoUser[] {
  return [
    { email: 'demo@example.com', firstName: 'Avery', lastName: 'Morgan', favorites: [], previous: [] },
    {
      email: 'regular@example.com',
      firstName: 'Jordan',
      lastName: 'Lee',
      favorites: [SEATTLE_STORES.firstAndPike, SEATTLE_STORES.driveThru, SEATTLE_STORES.curbside].map(short),
      previous: [SEATTLE_STORES.allDay, SEATTLE_STORES.noGuestOrdering, SEATTLE_STORES.curbsideClosed].map(short),
    },
  ].map((u) => ({ ...u, id: `u_${rng.hex(20)}`, exId: uuidLike(rng) }));
}

/**
 * Store staff for the barista console (issue 29, docs/order-status.md 3.1): `barista.{short}@example.com` on each
 * Seattle fixture store 10001–10008, and `lead.10003@example.com` on 10003 and 10006 (one account on two stores:
 * staff are scoped by their `staff_members` rows, not by the account). Password DEMO_PASSWORD; seeded only outside
 * production (seedStaffIfEmpty). Ids are derived from the address (not the seed's PRNG, so the rest of the seed stays
 * the same as before they existed).
 */
export interface StaffUser {
  id: string;
  exId: string;
  email: string;
  firstName: string;
  lastName: string;
  stores: string[];
}

function idFrom(email: string): { id: string; exId: string } {
  const h = createHash('sha256').update(`staff:${email}`).digest('hex');
  return { id: `u_${h.slice(0, 20)}`, exId: `${h.slice(20, 28)}-${h.slice(28, 32)}-4${h.slice(33, 36)}-a${h.slice(37, 40)}-${h.slice(40, 52)}` };
}

export function staffUsers(): StaffUser[] {
  const shorts = Object.values(SEATTLE_STORES).map(short);
  return [
    ...shorts.map((s) => ({ email: `barista.${s}@example.com`, firstName: 'Barista', lastName: s, stores: [s] })),
    { email: 'lead.10003@example.com', firstName: 'Lead', lastName: '10003', stores: ['10003', '10006'] },
  ].map((u) => ({ ...u, ...idFrom(u.email) }));
}
