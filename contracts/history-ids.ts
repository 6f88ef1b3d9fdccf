import * as v from 'valibot';

/** The receipt route's param (tiny: route params load with the entry chunk): `^ord_[A-Za-z0-9]{10,40}$`. */
export const HistoryOrderIdParam = v.pipe(v.string(), v.regex(/^ord_[A-Za-z0-9]{10,40}$/));
