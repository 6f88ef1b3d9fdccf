import type { AppConfig } from '../../contracts/config.ts';
import type { Db } from '../db/db.ts';
import type { SessionInfo } from './session.ts';

export interface Deps {
  db: Db;
  config: AppConfig;
}

export interface AppEnv {
  Variables: {
    deps: Deps;
    session: SessionInfo | null;
    csrfToken: string;
  };
}
