import * as v from 'valibot';

/**
 * The store number, parsed in one place (URL search params, API queries and bodies, server routes). The API sends
 * the full form "12345-67890"; the short form "12345" (before the dash) identifies the store too.
 */
export const STORE_NUMBER_PATTERN = /^[0-9]{1,10}(-[0-9]{1,10})?$/;
export const STORE_NUMBER_MESSAGE = 'storeNumber must look like 12345 or 12345-67890';

export const shortStoreNumber = (storeNumber: string) => storeNumber.split('-')[0] ?? storeNumber;

/** A store number in either form, as given. */
export const StoreNumber = v.pipe(v.string(), v.regex(STORE_NUMBER_PATTERN, STORE_NUMBER_MESSAGE));

/** A store number in either form, cut to the short form. */
export const ShortStoreNumber = v.pipe(StoreNumber, v.transform(shortStoreNumber));

/** The store number of a URL: the router parses `?storeNumber=123` as a number, so numbers are accepted too. */
export const StoreNumberParam = v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.trim(), StoreNumber);
