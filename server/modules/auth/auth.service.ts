// Sessions and what they carry: a token (random, stored hashed, expiring, revocable) opens a session
// for an account, and every request reads the account and its roles with it. Signing up, signing in
// and resetting a password are the users module's (users/accounts.service.ts), which opens and ends
// sessions here; roles are roles.service.ts's.
import { sql } from 'kysely';
import type { AuthUser, ShopDeps } from '../../lib/deps';
import { unauthorized } from '../../lib/errors';
import { newToken, sha256 } from '../../lib/secrets';
import { inRoleOrder } from './roles.service';

type Db = Pick<ShopDeps, 'db'>;

/** A new session for the account: the token its holder sends as `Authorization: Bearer <token>`. */
export async function issueToken(deps: Pick<ShopDeps, 'db' | 'config'>, userId: string): Promise<string> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + deps.config.tokenTtlDays * 24 * 60 * 60 * 1000);
  await deps.db
    .insertInto('auth_tokens')
    .values({ token_hash: sha256(token), user_id: userId, expires_at: expiresAt })
    .execute();
  return token;
}

/**
 * The account a token belongs to, if the token is known, unexpired and not revoked, with the roles it
 * holds now. Read on every request and kept nowhere, so a role taken away stops working on the next
 * call on every instance.
 */
export async function authenticate(deps: Db, token: string): Promise<AuthUser | undefined> {
  const row = await deps.db
    .selectFrom('auth_tokens')
    .innerJoin('users', 'users.id', 'auth_tokens.user_id')
    .select(['users.id', 'users.full_name', 'users.email', 'users.phone_number', 'users.unverified_phone_number'])
    .select(sql<string | null>`(SELECT string_agg(role, ',') FROM user_roles WHERE user_roles.user_id = users.id)`.as('roles'))
    .where('auth_tokens.token_hash', '=', sha256(token))
    .where('auth_tokens.revoked_at', 'is', null)
    .where('auth_tokens.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (!row) return undefined;
  // The number the shopper typed counts as their own contact (an address's phone in chat) even
  // before it is verified; it never makes another channel's caller this account.
  return {
    id: row.id,
    fullName: row.full_name,
    email: row.email,
    phoneNumber: row.unverified_phone_number ?? row.phone_number,
    roles: inRoleOrder(row.roles?.split(',') ?? []),
  };
}

export async function logout(deps: Db, tokenHash: string): Promise<void> {
  await deps.db
    .updateTable('auth_tokens')
    .set({ revoked_at: new Date() })
    .where('token_hash', '=', tokenHash)
    .execute();
}

/** Ends every session of an account (a password reset: the old password may be known to someone else). */
export async function endSessions(deps: Db, userId: string): Promise<void> {
  await deps.db
    .updateTable('auth_tokens')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** The bearer token from an Authorization header, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header?.trim() ?? '');
  return match?.[1];
}

export function requireToken(header: string | undefined): string {
  const token = bearerToken(header);
  if (!token) throw unauthorized('No token provided');
  return token;
}
