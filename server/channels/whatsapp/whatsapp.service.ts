// The one piece of WhatsApp state in the database: which deliveries were acted on.
import type { ShopDeps } from '../../lib/deps';

/** True the first time a message id is seen, on any instance; false for Meta's retries of it. */
export async function isFirstDelivery(deps: ShopDeps, messageId: string): Promise<boolean> {
  const inserted = await deps.db
    .insertInto('whatsapp_deliveries')
    .values({ message_id: messageId })
    .onConflict((oc) => oc.column('message_id').doNothing())
    .returning('message_id')
    .executeTakeFirst();
  return inserted !== undefined;
}
