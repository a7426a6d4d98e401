// Ordered migrations, run at every start; each runs once. A new one is a new file added to the list.
import { Migrator, type Kysely, type Migration } from 'kysely';
import * as shop from './migrations/001-shop';
import * as conversation from './migrations/002-conversation';
import * as trust from './migrations/003-trust';
import * as staff from './migrations/004-staff';
import * as speed from './migrations/005-speed';
import * as whatsapp from './migrations/007-whatsapp';
import * as jobs from './migrations/008-jobs';
import * as email from './migrations/009-email';
import * as momo from './migrations/010-momo';
import * as instances from './migrations/013-instances';
import * as deliveryWindows from './migrations/011-delivery-windows';
import * as weeklyBaskets from './migrations/012-weekly-baskets';
import * as checkoutStatements from './migrations/014-checkout-statements';
import * as momoCallbackChecks from './migrations/015-momo-callback-checks';
import * as roles from './migrations/017-roles';
import * as basketPayers from './migrations/019-basket-payers';
import * as stock from './migrations/021-stock';
import * as packing from './migrations/026-packing';
import * as deliveryFees from './migrations/031-delivery-fees';
import * as orderMoney from './migrations/032-order-money';
import * as dispatch from './migrations/033-dispatch';
import * as riderCash from './migrations/034-rider-cash';
import * as signInCodes from './migrations/035-sign-in-codes';
import * as oneBasketPerOrder from './migrations/038-one-basket-per-order';
import * as addressSector from './migrations/039-address-sector';
import * as packedRefusals from './migrations/040-packed-refusals';

const migrations: Record<string, Migration> = {
  '001-shop': shop,
  '002-conversation': conversation,
  '003-trust': trust,
  '004-staff': staff,
  '005-speed': speed,
  '007-whatsapp': whatsapp,
  '008-jobs': jobs,
  '009-email': email,
  '010-momo': momo,
  '013-instances': instances,
  '011-delivery-windows': deliveryWindows,
  '012-weekly-baskets': weeklyBaskets,
  '014-checkout-statements': checkoutStatements,
  '015-momo-callback-checks': momoCallbackChecks,
  '017-roles': roles,
  '019-basket-payers': basketPayers,
  '021-stock': stock,
  '026-packing': packing,
  '031-delivery-fees': deliveryFees,
  '032-order-money': orderMoney,
  '033-dispatch': dispatch,
  '034-rider-cash': riderCash,
  '035-sign-in-codes': signInCodes,
  '038-one-basket-per-order': oneBasketPerOrder,
  '039-address-sector': addressSector,
  '040-packed-refusals': packedRefusals,
};

// Migrations run before the schema they create exists: Kysely's own convention is Kysely<any> here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  // Issues land in any order, so a database may have run a later-numbered migration before an earlier
  // one arrived; each migration touches only its own tables, so running the newcomer late is safe.
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
