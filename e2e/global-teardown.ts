import { dropE2eDatabase } from '../scripts/e2e-database.ts';

/** Drops the run's PostgreSQL database, if the run used one (playwright.config.ts). */
export default async function globalTeardown() {
  const url = process.env.E2E_DATABASE_URL;
  if (url) await dropE2eDatabase(url).catch((e: unknown) => console.warn(`[e2e] could not drop the run's database: ${String(e)}`));
}
