import type { UniversalBenefitId } from '../../../contracts/rewards-constants.ts';

/**
 * The universal-benefit cards of /rewards/my-rewards (spec 3 section 3: "Known ids: free-monday, personalized-games,
 * double-star-personal-cup, coffee-loop, each with a fixed image and text"; texts chosen, docs/rewards.md section 1).
 * Which show is config (`rewards.universalBenefits`, `knownBenefits`): unknown ids and disabled cards are dropped.
 */
export const UNIVERSAL_BENEFITS: Record<UniversalBenefitId, { title: string; body: string; image: string }> = {
  'free-monday': {
    title: 'Free drink Mondays',
    body: 'One Monday each month, your first handcrafted drink is on us.',
    image: '/rewards/benefit-free-monday.svg',
  },
  'personalized-games': {
    title: 'Personalized games',
    body: 'Play games made for you and win bonus Stars.',
    image: '/rewards/benefit-personalized-games.svg',
  },
  'double-star-personal-cup': {
    title: 'Double Stars with your own cup',
    body: 'Bring a clean personal cup and earn double Stars on that drink.',
    image: '/rewards/benefit-double-star-personal-cup.svg',
  },
  'coffee-loop': {
    title: 'Coffee Loop',
    body: 'Early access to new coffees and a say in what comes next.',
    image: '/rewards/benefit-coffee-loop.svg',
  },
};

/** the reward tiers' images and the seeded STAR_REWARD descriptions (server/db/seed/menu.ts; STARS25 design 3.1) */
export const REWARD_TIER_CONTENT: ReadonlyArray<{ stars: number; title: string; image: string }> = [
  { stars: 25, title: 'Customize your drink: an extra shot, dairy substitute or a dash of syrup (up to $1)', image: '/rewards/tier-25.svg' },
  { stars: 100, title: 'Brewed hot coffee, bakery item or hot tea', image: '/rewards/tier-100.svg' },
  { stars: 200, title: 'Handcrafted drink or hot breakfast, at select stores', image: '/rewards/tier-200.svg' },
  { stars: 300, title: 'Lunch sandwich, protein box or bowl', image: '/rewards/tier-300.svg' },
  { stars: 400, title: 'Whole bean coffee or drinkware (merchandise up to $20)', image: '/rewards/tier-400.svg' },
];
