/** Shared by the gift machines' model tests: message key → text, the one catalogue (contracts/gift-messages.ts). */
import { GiftMessages } from '../../contracts/gift-messages.ts';

export const giftCatalogue: Record<string, string> = GiftMessages;
