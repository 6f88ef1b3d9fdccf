import type { PartnerSettings } from '../rewards/partner-settings.ts';
import type { AppConfig } from '../../contracts/config.ts';
import type { ServerSettings } from '../config.ts';
import type { Db } from '../db/db.ts';
import type { GiftSettings } from '../gifting/settings.ts';
import type { ClientInfo } from './client.ts';
import type { SessionInfo } from './session.ts';

export interface Deps {
  db: Db;
  config: AppConfig;
  /** HOST, TRUST_PROXY, body limit; read from process.env when absent */
  server?: ServerSettings;
  /** GIFT_* (server/gifting/settings.ts); read from process.env when absent */
  gift?: GiftSettings;
  /** HOTEL_PARTNER_* (server/rewards/partner-settings.ts); read from process.env when absent */
  partner?: PartnerSettings;
}

export interface AppEnv {
  Variables: {
    deps: Deps;
    session: SessionInfo | null;
    csrfToken: string;
    client: ClientInfo;
  };
}
