import * as v from 'valibot';
import { safeReturnUrl } from '../../../contracts/return-url.ts';
import { StoreNumberParam } from '../../../contracts/store-number.ts';

/**
 * The locator's URL query (?place=&lat=&lng=&storeNumber=&features=&toCart=&returnPath=), a valibot
 * schema passed straight to `validateSearch`. TanStack Router parses values as JSON where it can
 * (`lat=47.6` arrives as a number, `storeNumber=123` too), so strings and numbers are both accepted.
 * A value that does not fit is dropped instead of failing the page.
 */
const text = v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.trim());
const coordinate = (limit: number) => v.pipe(v.union([v.number(), v.string()]), v.transform(Number), v.number(), v.finite(), v.minValue(-limit), v.maxValue(limit));
const optional = <S extends v.GenericSchema>(schema: S) => v.fallback(v.optional(schema), undefined);

export const locatorSearchSchema = v.object({
  place: optional(v.pipe(text, v.nonEmpty(), v.maxLength(120))),
  lat: optional(coordinate(90)),
  lng: optional(coordinate(180)),
  storeNumber: optional(StoreNumberParam),
  /** comma-separated feature codes */
  features: optional(
    v.pipe(
      v.union([v.string(), v.array(v.string())]),
      v.transform((x) => (Array.isArray(x) ? x : x.split(',')).map((c) => c.trim()).filter((c) => /^[A-Za-z0-9]{1,8}$/.test(c))),
      v.maxLength(30),
    ),
  ),
  /** present (any value but false/0) means: go to the cart after choosing */
  toCart: optional(v.pipe(v.union([v.boolean(), v.string(), v.number()]), v.transform((x) => !(x === false || x === 'false' || x === 0 || x === '0')))),
  /** where to go after choosing: a same-origin relative path only ('//x', 'https://x' and backslashes are refused) */
  returnPath: optional(v.pipe(v.string(), v.check((s) => safeReturnUrl(s) !== null))),
});

export type LocatorSearch = v.InferOutput<typeof locatorSearchSchema>;
