import { HistoryTexts } from '../../../contracts/history-messages.ts';
import type { HistoryItem } from '../../../contracts/order-history.ts';
import { PICKUP_OPTION_NAMES } from '../../../contracts/order-status-link-texts.ts';

/** '$19.06' */
export const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
/** 'Nov 24, 2026, 11:05 AM' in the store's time zone */
export const placedOn = (iso: string, timeZone: string) =>
  new Date(iso).toLocaleString('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone });
/** 'Caffè Latte, Grande · Oatmilk, 3 Espresso shot' (quantity 1 options by name) */
export const itemLine = (i: HistoryItem) =>
  `${i.quantity > 1 ? `${i.quantity} × ` : ''}${i.name}, ${i.sizeName}${i.options.length ? ` · ${i.options.map((o) => (o.quantity > 1 ? `${o.quantity} ${o.name}` : o.name)).join(', ')}` : ''}`;
export const pickupName = (code: string) => PICKUP_OPTION_NAMES[code as keyof typeof PICKUP_OPTION_NAMES] ?? code;
export const statusName = (s: keyof typeof HistoryTexts.status) => HistoryTexts.status[s];
