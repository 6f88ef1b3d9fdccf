/** Locale-aware formatting. Money is integer minor units everywhere; only views call these. */

/**
 * One Intl.NumberFormat per locale and options, made on first use: constructing one costs far more than formatting
 * with it (the product page formats a price per option: 280 ms of a phone's main thread at 4x CPU slowdown went to
 * `new Intl.NumberFormat` in formatMoney; docs/architecture.md#performance).
 */
const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, options);
    formats.set(key, f);
  }
  return f;
}

export function formatMoney(minorUnits: number, locale = defaultLocale(), currency = 'USD'): string {
  return numberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(minorUnits / 100);
}

export function formatNumber(n: number, locale = defaultLocale(), options: Intl.NumberFormatOptions = {}): string {
  return numberFormat(locale, options).format(n);
}

/** Regions that give road distances in miles. */
export function usesMiles(locale: string): boolean {
  return /[-_](US|GB|LR|MM)$/i.test(locale);
}

const KM_PER_MILE = 1.609344;

/** distance comes from the API in miles; shown in km or miles by locale, to 1 decimal */
export function formatDistance(miles: number, locale = defaultLocale()): string {
  const imperial = usesMiles(locale);
  const value = imperial ? miles : miles * KM_PER_MILE;
  const n = numberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(Math.round(value * 10) / 10);
  return `${n} ${imperial ? 'mi' : 'km'}`;
}

export function defaultLocale(): string {
  return (typeof navigator !== 'undefined' && navigator.language) || 'en-US';
}

/** barcode and card numbers in groups of 4 */
export function groupDigits(s: string, size = 4): string {
  return s.replace(/\s+/g, '').replace(new RegExp(`(.{${size}})(?=.)`, 'g'), '$1 ');
}
