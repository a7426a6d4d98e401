// Delivery addresses: a shopper sees and changes only their own. The first is the default, and
// exactly one is the default while any exist (the database holds at most one: addresses_one_default).
import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { AddressesTable, Database } from '../../db/schema';
import type { ShopDeps } from '../../lib/deps';
import { notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { sectorOf, type Address, type AddressInput } from './addresses.schema';
import { isPhoneLike } from '../../lib/fields';
import { normalizePhone } from '../../lib/phone';

/** A delivery phone has one spelling on every face (+2507...), whether typed on the web, chat or USSD. */
function addressPhone(value: string): string {
  return isPhoneLike(value) ? normalizePhone(value) : value;
}

export const ADDRESS_NOT_FOUND = 'Address not found';

function toAddress(row: Selectable<AddressesTable>): Address {
  return {
    _id: row.id,
    description: row.description,
    city: row.city,
    street: row.street,
    district: row.district,
    sector: row.sector,
    phoneNumber: row.phone_number,
    isDefault: row.is_default,
  };
}

/** The sector as the list spells it; none when not given (or not one of the district's: the schema has refused that). */
const sectorValue = (input: Pick<AddressInput, 'district' | 'sector'>) => (input.sector ? (sectorOf(input.district, input.sector) ?? null) : null);

/** The shopper's addresses, the default first, then oldest first. */
export async function listAddresses(deps: ShopDeps, userId: string): Promise<Address[]> {
  const rows = await deps.db
    .selectFrom('addresses')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('is_default', 'desc')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toAddress);
}

export async function getAddress(deps: ShopDeps, userId: string, addressId: string): Promise<Address> {
  const row = await deps.db
    .selectFrom('addresses')
    .selectAll()
    .where('id', '=', addressId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound(ADDRESS_NOT_FOUND);
  return toAddress(row);
}

async function clearDefault(trx: Transaction<Database>, userId: string) {
  await trx.updateTable('addresses').set({ is_default: false }).where('user_id', '=', userId).execute();
}

function addressValues(userId: string, input: AddressInput) {
  return {
    user_id: userId,
    description: input.description,
    city: input.city,
    street: input.street,
    district: input.district,
    sector: sectorValue(input),
    phone_number: addressPhone(input.phoneNumber),
  };
}

/**
 * A new address (not asked to be the default) on `db`, the shop's or a caller's transaction (an
 * order placed with the address typed for it): the first is the default. One statement: should another
 * first address of this shopper be saved at the same moment, the database's one-default index lets
 * only one be inserted as the default (the other waits for it) and the other is saved as not the default.
 */
export async function insertAddress(db: Kysely<Database>, userId: string, input: AddressInput): Promise<Selectable<AddressesTable>> {
  const values = addressValues(userId, input);
  const first = await db
    .insertInto('addresses')
    .values({ ...values, id: newId(), is_default: sql<boolean>`NOT EXISTS (SELECT 1 FROM addresses WHERE user_id = ${userId})` })
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
  return first ?? db.insertInto('addresses').values({ ...values, id: newId(), is_default: false }).returningAll().executeTakeFirstOrThrow();
}

export async function createAddress(deps: ShopDeps, userId: string, input: AddressInput): Promise<Address> {
  if (input.isDefault === true) return createDefaultAddress(deps, addressValues(userId, input));
  return toAddress(await insertAddress(deps.db, userId, input));
}

/** An address asked to be the default: the mark moves to it from any other, in one transaction. */
async function createDefaultAddress(deps: ShopDeps, values: Omit<Insertable<AddressesTable>, 'id' | 'is_default'>): Promise<Address> {
  return deps.db.transaction().execute(async (trx) => {
    // Two made at once take turns: the second clears the first's mark before setting its own.
    await trx.selectFrom('users').select('id').where('id', '=', values.user_id).forUpdate().executeTakeFirst();
    await clearDefault(trx, values.user_id);
    const row = await trx
      .insertInto('addresses')
      .values({ ...values, id: newId(), is_default: true })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toAddress(row);
  });
}

export async function updateAddress(deps: ShopDeps, userId: string, addressId: string, input: AddressInput): Promise<Address> {
  return deps.db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('addresses')
      .select(['id', 'is_default'])
      .where('id', '=', addressId)
      .where('user_id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw notFound(ADDRESS_NOT_FOUND);
    // Making it the default moves the mark here; un-ticking the only default is ignored.
    if (input.isDefault === true && !current.is_default) await clearDefault(trx, userId);
    const row = await trx
      .updateTable('addresses')
      .set({
        description: input.description,
        city: input.city,
        street: input.street,
        district: input.district,
        sector: sectorValue(input),
        phone_number: addressPhone(input.phoneNumber),
        is_default: input.isDefault === true || current.is_default,
      })
      .where('id', '=', addressId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toAddress(row);
  });
}

export async function setDefaultAddress(deps: ShopDeps, userId: string, addressId: string): Promise<Address> {
  // The address as it is (an old one's district typed before the list included): only the mark moves.
  const address = await getAddress(deps, userId, addressId);
  return updateAddress(deps, userId, addressId, { ...address, sector: address.sector ?? undefined, isDefault: true });
}

/** Deleting the default passes the mark to the oldest remaining address. */
export async function deleteAddress(deps: ShopDeps, userId: string, addressId: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom('addresses')
      .where('id', '=', addressId)
      .where('user_id', '=', userId)
      .returning('is_default')
      .executeTakeFirst();
    if (!deleted) throw notFound(ADDRESS_NOT_FOUND);
    if (!deleted.is_default) return;
    const next = await trx
      .selectFrom('addresses')
      .select('id')
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .executeTakeFirst();
    if (next) await trx.updateTable('addresses').set({ is_default: true }).where('id', '=', next.id).execute();
  });
}

/** One shopper's addresses become another's (an account merge); the receiving shopper's default stays the default. */
export async function moveAddresses(deps: Pick<ShopDeps, 'db'>, fromId: string, intoId: string): Promise<void> {
  const hasDefault = await deps.db.selectFrom('addresses').select('id').where('user_id', '=', intoId).where('is_default', '=', true).executeTakeFirst();
  await deps.db
    .updateTable('addresses')
    .set(hasDefault ? { user_id: intoId, is_default: false } : { user_id: intoId })
    .where('user_id', '=', fromId)
    .execute();
}
