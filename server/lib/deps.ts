// What every service and the conversation engine are given: no module reaches for globals.
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { DatabaseKind } from '../db/connect';
import type { Database } from '../db/schema';
import type { Logger } from './logger';
import type { Notifier } from './notifier';
import type { Role } from './roles';

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

/** The signed-in account, as the auth middleware finds it from the token on every request. */
export interface AuthUser {
  id: string;
  fullName: string;
  email: string | null;
  phoneNumber: string | null;
  /** Every role the account holds now, `shopper` first (read with the token, so a removed role is gone at once). */
  roles: readonly Role[];
}

/** A signed-in account doing something in one of its roles (the one its route allowed it by), as history records it. */
export interface Actor extends AuthUser {
  role: Role;
}

export interface AppEnv {
  Variables: {
    user: AuthUser;
    tokenHash: string;
    /** The role a call acts in: the first of the roles its route allows that the caller holds (requireRoles). */
    role: Role;
  };
}
