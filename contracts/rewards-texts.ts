/**
 * The rewards area's parametrised texts (docs/rewards.md), apart from the message catalogue (rewards-messages.ts, which
 * re-exports them) so that the home page's status widget does not load the catalogue (docs/architecture.md#performance).
 */
/** Parametrised texts (spec where marked). */
export const RewardsTexts = {
  /** spec: 'Your {level} Status benefits', level capitalised (default Green) */
  statusBenefits: (level: string) => `Your ${level} Status benefits`,
  /** chosen: '75 Stars to your next Reward' */
  starsToNextReward: (n: number) => `${n} ${n === 1 ? 'Star' : 'Stars'} to your next Reward`,
  /** chosen: '120 Stars' */
  stars: (n: number) => `${n} ${n === 1 ? 'Star' : 'Stars'}`,
  /** chosen: '30 Stars expire on Jan 1, 2027' */
  starsExpireOn: (n: number, date: string) => `${n} ${n === 1 ? 'Star expires' : 'Stars expire'} on ${date}`,
  /** chosen: '30 Stars expired on Oct 1, 2026' */
  starsExpiredOn: (n: number, date: string) => `${n} ${n === 1 ? 'Star' : 'Stars'} expired on ${date}`,
  /** chosen: 'Gold Status until Nov 28, 2027' */
  levelUntil: (level: string, date: string) => `${level} Status until ${date}`,
} as const;
