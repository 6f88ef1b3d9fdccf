import { FEATURES } from '../../config.ts';
import type { CodeName, MobileOrdering } from '../store-row.ts';
import type { Rng } from './prng.ts';

const featureName = (code: string) => FEATURES.find((f) => f.code === code)?.name ?? code;
export const codeName = (code: string): CodeName => ({ code, name: featureName(code) });

/** Public amenities with the share of company-operated stores that have them. */
const AMENITY_ODDS: readonly (readonly [string, number])[] = [
  ['WA', 0.8], ['CL', 0.08], ['RW', 0.03], ['NB', 0.5], ['WF', 0.9], ['LB', 0.75], ['PS', 0.3],
  ['VS', 0.05], ['CD', 0.2], ['BA', 0.15], ['EV', 0.06],
];

export function amenities(rng: Rng, opts: { licensed: boolean; driveThruOnly: boolean; mobileOrdering: MobileOrdering }): CodeName[] {
  const scale = opts.licensed ? 0.5 : 1;
  const codes = AMENITY_ODDS.filter(([code, p]) => !(opts.driveThruOnly && (code === 'LB' || code === 'PS' || code === 'CD')) && rng.chance(p * scale)).map(([c]) => c);
  // internal codes carried by stores and never shown (spec 1 section 5)
  if (opts.mobileOrdering.availability !== 'UNAVAILABLE') codes.push('XO');
  if (rng.chance(0.5)) codes.push('17');
  if (rng.chance(0.6)) codes.push('CC');
  return codes.map(codeName);
}

export function pickupOptions(codes: { inStore: boolean; driveThru: boolean; curbside: boolean }): CodeName[] {
  return [codes.inStore && '16', codes.driveThru && 'DT', codes.curbside && 'CX'].filter((c): c is string => !!c).map(codeName);
}

export function mobileOrdering(rng: Rng, opts: { licensed: boolean; curbside: boolean }): MobileOrdering {
  const availability = rng.weighted<MobileOrdering['availability']>(
    opts.licensed ? [['READY', 45], ['NOT_READY', 15], ['UNAVAILABLE', 40]] : [['READY', 90], ['NOT_READY', 6], ['UNAVAILABLE', 4]],
  );
  const curbsideAvailability = opts.curbside ? rng.weighted<MobileOrdering['curbsideAvailability']>([['available', 75], ['closed', 15], ['unavailable', 10]]) : 'unavailable';
  return {
    availability,
    guestOrdering: availability === 'READY' && rng.chance(0.8),
    curbsideAvailability,
    stallQuantity: opts.curbside ? rng.int(2, 12) : 4,
  };
}

/**
 * The static feature codes the locator filter matches with `feature_codes @> $codes`:
 * amenity codes, pickup codes (CX only while curbside is available), GC for guest ordering, MO when READY.
 * ON (open now) and hrs24 are computed at query time.
 */
export function featureCodes(amenityList: CodeName[], pickup: CodeName[], mo: MobileOrdering): string[] {
  const codes = new Set(amenityList.map((a) => a.code));
  for (const p of pickup) if (p.code !== 'CX' || mo.curbsideAvailability === 'available') codes.add(p.code);
  if (mo.guestOrdering) codes.add('GC');
  if (mo.availability === 'READY') codes.add('MO');
  return [...codes].sort();
}

export const PROP_65 = {
  code: 'CA_PROP65',
  label:
    'WARNING: Consuming coffee and other foods and beverages prepared or sold here exposes you to chemicals including acrylamide, which is known to the State of California to cause cancer. For more information go to www.P65Warnings.ca.gov/restaurant.',
};
export const ALLERGEN_NOTICE = {
  code: 'ALLERGENS',
  label: 'Our products are prepared in common areas and may contain or come into contact with milk, eggs, wheat, soy, tree nuts and other allergens.',
};
