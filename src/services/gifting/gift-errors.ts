/**
 * The gifting area's catalogue for the one error path (src/services/flow-error.ts, `errorText`): texts by API code,
 * from the codes of docs/gifting.md 3.9 (`GiftCodeMessage`) and their texts (`GiftMessages`). A 4xx's own server
 * text still comes first; 5xx and network failures are always the generic text. Gift service modules call through
 * `callGift`.
 */
import { GiftCodeMessage } from '../../../contracts/gift.ts';
import { GiftMessages } from '../../../contracts/gift-messages.ts';
import { callWith } from '../../../machines/flow.ts';

export const giftCodeMessages: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(GiftCodeMessage).map(([code, key]) => [code, GiftMessages[key]]));

/** `callGift(request)`: a failure is rethrown as a FlowError whose text follows `errorText` with the gift catalogue */
export const callGift = callWith(giftCodeMessages);
