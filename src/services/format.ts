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

/**
 * US dollars in en-US without Intl: the first Intl.NumberFormat of a page costs 60-70 ms of a phone's main thread at
 * 4x CPU slowdown (its locale and currency data), and the product page's first render formats its option prices
 * (issue 32: a third of that render's task). The same text Intl gives ("$1,234.50", "-$0.05"; format.test.ts
 * compares the two); any other locale or currency, and a fraction of a cent, go to Intl.
 */
function enUsDollars(minorUnits: number): string | null {
  // whole cents up to ten trillion dollars, where minorUnits / 100 (what Intl formats) is exact to the cent
  if (!Number.isInteger(minorUnits) || Math.abs(minorUnits) > 1e15) return null;
  const abs = Math.abs(minorUnits);
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = minorUnits < 0 || Object.is(minorUnits, -0) ? '-' : '';
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

export function formatMoney(minorUnits: number, locale = defaultLocale(), currency = 'USD'): string {
  const fast = locale === 'en-US' && currency === 'USD' ? enUsDollars(minorUnits) : null;
  if (fast !== null) return fast;
  return numberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(minorUnits / 100);
}

export function formatNumber(n: number, locale = defaultLocale(), options: Intl.NumberFormatOptions = {}): string {
  return numberFormat(locale, options).format(n);
}

export function defaultLocale(): string {
  return (typeof navigator !== 'undefined' && navigator.language) || 'en-US';
}

/** barcode and card numbers in groups of 4 */
export function groupDigits(s: string, size = 4): string {
  return s.replace(/\s+/g, '').replace(new RegExp(`(.{${size}})(?=.)`, 'g'), '$1 ');
}
