// The shop's tables. Plain SQL so the same text runs on PGlite and on a PostgreSQL server.
import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    CREATE TABLE users (
      id text PRIMARY KEY,
      full_name text NOT NULL,
      email text UNIQUE,
      phone_number text UNIQUE,
      password_hash text,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (email IS NOT NULL OR phone_number IS NOT NULL)
    );
    CREATE TABLE auth_tokens (
      token_hash text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz
    );
    CREATE INDEX auth_tokens_user ON auth_tokens(user_id);
    CREATE TABLE password_reset_codes (
      id serial PRIMARY KEY,
      user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      code_hash text NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX password_reset_codes_user ON password_reset_codes(user_id);
    CREATE TABLE outbox (
      id serial PRIMARY KEY,
      channel text NOT NULL,
      recipient text NOT NULL,
      subject text NOT NULL,
      body text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE categories (
      id text PRIMARY KEY,
      name text NOT NULL,
      image text NOT NULL,
      description text NOT NULL,
      position integer NOT NULL DEFAULT 0
    );
    CREATE UNIQUE INDEX categories_name_ci ON categories(lower(name));
    CREATE TABLE products (
      id text PRIMARY KEY,
      name text NOT NULL,
      local_name text,
      price_minor integer NOT NULL CHECK (price_minor > 0),
      offer_price_minor integer CHECK (offer_price_minor > 0),
      image text NOT NULL,
      unit text NOT NULL,
      description text NOT NULL,
      category_id text NOT NULL REFERENCES categories(id),
      in_stock boolean NOT NULL DEFAULT true,
      rating_total integer NOT NULL DEFAULT 0,
      rating_count integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX products_category ON products(category_id, created_at DESC);
    CREATE INDEX products_newest ON products(created_at DESC, id DESC);
    CREATE TABLE ratings (
      user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      product_id text NOT NULL REFERENCES products(id) ON DELETE CASCADE,
      rating integer NOT NULL CHECK (rating BETWEEN 1 AND 5),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, product_id)
    );
    CREATE TABLE cart_lines (
      user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      product_id text NOT NULL REFERENCES products(id) ON DELETE CASCADE,
      quantity integer NOT NULL CHECK (quantity >= 1),
      added_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, product_id)
    );
    CREATE TABLE addresses (
      id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      description text NOT NULL,
      city text NOT NULL,
      street text NOT NULL,
      district text NOT NULL,
      phone_number text NOT NULL,
      is_default boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX addresses_user ON addresses(user_id);
    CREATE SEQUENCE invoice_numbers START 1001;
    CREATE TABLE orders (
      id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users(id),
      invoice_number text NOT NULL UNIQUE,
      amount_minor integer NOT NULL,
      status text NOT NULL DEFAULT 'pending',
      payment_type text NOT NULL DEFAULT 'cash',
      payment_status text NOT NULL DEFAULT 'pending',
      address jsonb NOT NULL,
      idempotency_key text,
      callback_url text,
      channel text NOT NULL DEFAULT 'web',
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (user_id, idempotency_key)
    );
    CREATE INDEX orders_user_newest ON orders(user_id, created_at DESC);
    CREATE TABLE order_lines (
      id serial PRIMARY KEY,
      order_id text NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
      position integer NOT NULL,
      product_id text NOT NULL,
      product_name text NOT NULL,
      product_image text NOT NULL,
      unit text NOT NULL,
      quantity integer NOT NULL CHECK (quantity >= 1),
      price_minor integer NOT NULL,
      subtotal_minor integer NOT NULL
    );
    CREATE INDEX order_lines_order ON order_lines(order_id, position);
    CREATE TABLE contact_messages (
      id serial PRIMARY KEY,
      name text NOT NULL,
      email text NOT NULL,
      subject text NOT NULL,
      message text NOT NULL,
      recipient text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
  `,
  );
}
