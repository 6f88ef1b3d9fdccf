import type { AppConfig } from '../../contracts/config.ts';
import type { ServerSettings } from '../config.ts';
import type { Db } from '../db/db.ts';
import type { ClientInfo } from './client.ts';
import type { SessionInfo } from './session.ts';

export interface Deps {
  db: Db;
  config: AppConfig;
  /** HOST, TRUST_PROXY, body limit; read from process.env when absent */
  server?: ServerSettings;
}

export interface AppEnv {
  Variables: {
    deps: Deps;
    session: SessionInfo | null;
    csrfToken: string;
    client: ClientInfo;
  };
}
