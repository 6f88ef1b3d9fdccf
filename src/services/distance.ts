/**
 * Store distances, shown in miles or kilometres by locale. Apart from format.ts (money, numbers): the locators load
 * only this, not the money formatting every ordering and card page needs (issue 32's first-load bytes).
 */

/** Regions that give road distances in miles. */
export function usesMiles(locale: string): boolean {
  return /[-_](US|GB|LR|MM)$/i.test(locale);
}

const KM_PER_MILE = 1.609344;
const formats = new Map<string, Intl.NumberFormat>();

/**
 * distance comes from the API in miles; shown in km or miles by the browser's locale (or `locale`), to 1 decimal.
 * en-US is written without Intl (the same text: distance.test.ts compares them), as format.ts does for dollars: the
 * first Intl.NumberFormat of a page costs tens of ms of a phone's main thread.
 */
export function formatDistance(miles: number, locale = (typeof navigator !== 'undefined' && navigator.language) || 'en-US'): string {
  const imperial = usesMiles(locale);
  const value = Math.round((imperial ? miles : miles * KM_PER_MILE) * 10) / 10;
  let n: string;
  if (locale === 'en-US' && Math.abs(value) < 1e9) {
    const [whole, tenth] = Math.abs(value).toFixed(1).split('.') as [string, string];
    n = `${value < 0 ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${tenth}`;
  } else {
    let f = formats.get(locale);
    if (!f) formats.set(locale, (f = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 })));
    n = f.format(value);
  }
  return `${n} ${imperial ? 'mi' : 'km'}`;
}
