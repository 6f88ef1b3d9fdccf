import type { AppConfig } from '../../../contracts/config.ts';

/** The partnership pages exist only when the setting is on and the URL names the configured partner (spec 3 section 2). */
export const partnerAvailable = (config: AppConfig, hotelPartner: string) => config.rewards.hotelPartner.enabled && hotelPartner === config.rewards.hotelPartner.slug;
