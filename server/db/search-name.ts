/**
 * The gazetteer's search form of a name: lower-case ASCII, accents stripped, punctuation as single spaces.
 * "Montréal" -> "montreal", "St. John's" -> "st john s", "Winston-Salem" -> "winston salem".
 * The seed writes places.search_name with it and the autocomplete normalises its input with it,
 * so a prefix of the input is a prefix of the column (index range scan).
 */
const SPECIAL: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

export function searchName(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (ch) => SPECIAL[ch] ?? ch)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The smallest string greater than every string that starts with `prefix` (byte order): "sea" -> "seb". */
export function prefixUpperBound(prefix: string): string {
  const last = prefix.charCodeAt(prefix.length - 1);
  return prefix.slice(0, -1) + String.fromCharCode(last + 1);
}
