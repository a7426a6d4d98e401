// What every service and the conversation engine are given: no module reaches for globals.
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { DatabaseKind } from '../db/connect';
import type { Database } from '../db/schema';
import type { Logger } from './logger';
import type { Notifier } from './notifier';

export interface ShopDeps {
  db: Kysely<Database>;
  databaseKind: DatabaseKind;
  config: Config;
  log: Logger;
  notifier: Notifier;
  /** The shop's clock (delivery windows, weekly baskets); tests set it to 13:59 Kigali without sleeping. */
  now?: () => Date;
}

/** What time it is for the shop's rules: the deps' clock, else the machine's. */
export function nowOf(deps: Pick<ShopDeps, 'now'>): Date {
  return deps.now?.() ?? new Date();
}

/** The signed-in shopper, as the auth middleware finds them from the token. */
export interface AuthUser {
  id: string;
  fullName: string;
  email: string | null;
  phoneNumber: string | null;
  /** Holds the staff role: may call /api/admin/* (checked by requireStaff). */
  isStaff: boolean;
}

export interface AppEnv {
  Variables: {
    user: AuthUser;
    tokenHash: string;
  };
}
