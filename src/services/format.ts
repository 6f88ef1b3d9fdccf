/** Locale-aware formatting. Money is integer minor units everywhere; only views call these. */

export function formatMoney(minorUnits: number, locale = defaultLocale(), currency = 'USD'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(minorUnits / 100);
}

export function formatNumber(n: number, locale = defaultLocale(), options: Intl.NumberFormatOptions = {}): string {
  return new Intl.NumberFormat(locale, options).format(n);
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
  const n = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(Math.round(value * 10) / 10);
  return `${n} ${imperial ? 'mi' : 'km'}`;
}

export function defaultLocale(): string {
  return (typeof navigator !== 'undefined' && navigator.language) || 'en-US';
}

/** barcode and card numbers in groups of 4 */
export function groupDigits(s: string, size = 4): string {
  return s.replace(/\s+/g, '').replace(new RegExp(`(.{${size}})(?=.)`, 'g'), '$1 ');
}
