/**
 * The per-process caches of the locator are Maps bounded by count: before a new entry goes in at the bound, the
 * oldest insertion goes out (a Map keeps insertion order). Callers that refresh an entry delete it first, so that it
 * becomes the newest.
 */
export function makeRoom<K, V>(map: Map<K, V>, max: number): void {
  if (map.size < max) return;
  const oldest = map.keys().next().value;
  if (oldest !== undefined) map.delete(oldest);
}
