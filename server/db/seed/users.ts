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
