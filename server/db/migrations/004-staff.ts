// Running the shop: the staff role, each order change recorded, hidden catalog entries,
// handled contact messages, and an outbox that records what the SMS provider did with each message.
import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    ALTER TABLE users ADD COLUMN is_staff boolean NOT NULL DEFAULT false;
    ALTER TABLE users ADD COLUMN staff_since timestamptz;

    ALTER TABLE orders ADD COLUMN momo_transaction_id text;
    ALTER TABLE orders ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
    CREATE INDEX orders_newest ON orders(created_at DESC, id DESC);
    CREATE TABLE order_history (
      id serial PRIMARY KEY,
      order_id text NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
      kind text NOT NULL,
      from_value text NOT NULL,
      to_value text NOT NULL,
      note text,
      momo_transaction_id text,
      staff_id text REFERENCES users(id) ON DELETE SET NULL,
      staff_name text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX order_history_order ON order_history(order_id, id);

    ALTER TABLE products ADD COLUMN hidden boolean NOT NULL DEFAULT false;
    ALTER TABLE categories ADD COLUMN hidden boolean NOT NULL DEFAULT false;

    ALTER TABLE contact_messages ADD COLUMN handled_at timestamptz;
    ALTER TABLE contact_messages ADD COLUMN handled_by text REFERENCES users(id) ON DELETE SET NULL;
    CREATE INDEX contact_messages_newest ON contact_messages(created_at DESC, id DESC);

    ALTER TABLE outbox ALTER COLUMN body DROP NOT NULL;
    ALTER TABLE outbox ADD COLUMN kind text NOT NULL DEFAULT 'general';
    ALTER TABLE outbox ADD COLUMN status text NOT NULL DEFAULT 'kept';
    ALTER TABLE outbox ADD COLUMN attempts integer NOT NULL DEFAULT 0;
    ALTER TABLE outbox ADD COLUMN provider_message_id text;
    ALTER TABLE outbox ADD COLUMN last_error text;
    ALTER TABLE outbox ADD COLUMN sent_at timestamptz;
    CREATE INDEX outbox_failed ON outbox(status, id) WHERE status = 'failed';
  `,
  );
}
