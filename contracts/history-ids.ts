import { OrderIdParam } from './order-id-param.ts';

/** The receipt route's param (tiny: route params load with the entry chunk): `^ord_[A-Za-z0-9]{10,40}$`. */
export const HistoryOrderIdParam = OrderIdParam;
