/**
 * Password strength, shared by the client and the server (ASVS 5.0 6.2.4 / 6.2.11 / 6.2.12):
 *
 * - the ASVS floor: not one of the 3,000 most common passwords (the first 3,000 entries of zxcvbn-ts's ranked
 *   common-password list, compared case-insensitively after NFKC);
 * - zxcvbn-ts (@zxcvbn-ts/core with @zxcvbn-ts/language-common and language-en dictionaries): a password whose
 *   estimated guesses give a score below PASSWORD_MIN_SCORE (3: at least 10^8 guesses) is refused. The user's own
 *   data (email, its local part, names) and the brand are passed as user inputs, so `casey@example.com1` or
 *   `Harbor2026!` count as guessable.
 *
 * The dictionaries are large (about 1.5 MB of JavaScript): `loadPasswordStrength()` imports them on demand, so the
 * client loads them only on pages with a new-password field (their route loaders call it) and keeps them out of the
 * entry bundle. Until it has loaded, `strengthProblem` answers null (the server checks again: it awaits the load).
 */
export const PASSWORD_COMMON_FLOOR = 3000;
export const PASSWORD_MIN_SCORE = 3;
/** Words every user of this app shares: the brand and product names. */
export const BRAND_WORDS = ['harbor', 'harborcoffee', 'coffee'];

export type StrengthVerdict = 'too-common' | 'too-guessable' | null;

interface Estimator {
  top: Set<string>;
  check: (password: string, userInputs: string[]) => number;
}

let estimator: Estimator | null = null;
let loading: Promise<void> | null = null;

export function loadPasswordStrength(): Promise<void> {
  loading ??= (async () => {
    const [core, common, en] = await Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en')]);
    const dictionary = { ...common.dictionary, ...en.dictionary };
    const factory = new core.ZxcvbnFactory({ dictionary, graphs: common.adjacencyGraphs, translations: en.translations });
    const ranked = (common.dictionary as Record<string, string[]>)['passwords-common'] ?? [];
    estimator = {
      top: new Set(ranked.slice(0, PASSWORD_COMMON_FLOOR).map((p) => p.normalize('NFKC').toLowerCase())),
      check: (password, userInputs) => factory.check(password, userInputs).score,
    };
  })();
  return loading;
}

export const passwordStrengthLoaded = () => estimator !== null;

/** The words of an email address and names that a password must not lean on. */
export function userInputsFor(email?: string | null, names: Array<string | null | undefined> = []): string[] {
  const out = new Set<string>(BRAND_WORDS);
  const e = email?.trim().toLowerCase();
  if (e) {
    out.add(e);
    const local = e.split('@')[0] ?? '';
    if (local) out.add(local);
    for (const part of local.split(/[._+-]+/)) if (part.length >= 3) out.add(part);
  }
  for (const n of names) if (n && n.trim().length >= 2) out.add(n.trim().toLowerCase());
  return [...out];
}

/**
 * 'too-common' (one of the top 3,000), 'too-guessable' (zxcvbn score below 3 with the user's data as inputs),
 * or null (strong enough, or the estimator is not loaded yet).
 */
export function strengthProblem(password: string, userInputs: string[] = []): StrengthVerdict {
  if (!estimator) return null;
  const normal = password.normalize('NFKC');
  if (estimator.top.has(normal.toLowerCase())) return 'too-common';
  // zxcvbn's cost grows with the length; 128 characters (the maximum) take a few milliseconds
  return estimator.check(normal, userInputs) < PASSWORD_MIN_SCORE ? 'too-guessable' : null;
}
