/**
 * Input normalisation before any write: PostgreSQL text and jsonb cannot hold NUL (U+0000), and a lone UTF-16
 * surrogate cannot be stored as UTF-8 either, so such a string anywhere in a body (values, keys, nested objects
 * like `reputation`) would fail half-way through a write. Bodies are checked whole, first: the answer is a 4xx
 * naming the field and nothing is written.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const ok = (s: string) => !s.includes('\u0000') && !LONE_SURROGATE.test(s);

/** The dot path of the first string (value or key) holding NUL or a lone surrogate, '' for the root, or null. */
export function illFormedPath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return ok(value) ? null : path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const p = illFormedPath(value[i], path ? `${path}.${i}` : String(i));
      if (p !== null) return p;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const here = path ? `${path}.${k}` : k;
      if (!ok(k)) return here;
      const p = illFormedPath(v, here);
      if (p !== null) return p;
    }
  }
  return null;
}
