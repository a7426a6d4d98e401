// Kysely's view of the tables made by the migrations in ./migrations. Money is integer minor units (1/100 frw).
import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export interface UsersTable {
  id: string;
  full_name: string;
  email: string | null; // stored lower-cased
  phone_number: string | null; // stored as +<digits>; proven (by USSD, or by an SMS code): USSD finds the account by it
  unverified_phone_number: ColumnType<string | null, string | null | undefined, string | null>; // typed on the web, code not yet entered
  password_hash: string | null; // null for accounts made by USSD sign-up until a password is set
  created_at: CreatedAt;
}

/** The roles an account holds beyond shopper (every account's); written by the auth module alone. */
export interface UserRolesTable {
  user_id: string;
  role: string; // 'staff' | 'packer' | 'rider' | 'owner' (server/lib/roles.ts)
  granted_at: CreatedAt;
  granted_by: string | null; // who granted it; null from the shell (npm run staff) or the migration
}

export interface AuthTokensTable {
  token_hash: string;
  user_id: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface PasswordResetCodesTable {
  id: Generated<number>;
  user_id: string;
  code_hash: string;
  /** No longer counted: a code's tries are counted per requester in attempt_counters (auth.service). */
  attempts: Generated<number>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: CreatedAt;
  /** 'reset' (a new password) or 'sign_in' (a session without the password). */
  purpose: Generated<string>;
}

export interface OutboxTable {
  id: Generated<number>;
  channel: string; // 'sms' | 'email' | 'whatsapp'
  recipient: string;
  subject: string;
  /** Cleared (null) once a provider has accepted the message: the text may hold a code or an order. */
  body: string | null;
  kind: Generated<string>; // what the message is about: 'order_status', 'payment', 'reset_code', ...
  /** 'kept' (no provider: the outbox is the delivery), 'sending', 'sent', 'failed' (kept for retry). */
  status: Generated<string>;
  attempts: Generated<number>;
  provider_message_id: string | null;
  last_error: string | null;
  sent_at: Timestamp | null;
  /** While set and ahead, an instance is sending this message: other instances' retries leave it alone. */
  claimed_until: Timestamp | null;
  created_at: CreatedAt;
  /** E-mail only: where an answer goes (a contact-form message's sender); cleared with the body once sent. */
  reply_to: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Failed attempts per key (a login identifier, a client address, an account's codes) in a time window. */
export interface AttemptCountersTable {
  key: string;
  count: number;
  window_started_at: Timestamp;
}

/** The one pending code that proves a shopper owns the phone number they typed on the web. */
export interface PhoneVerificationCodesTable {
  user_id: string;
  phone_number: string; // stored as +<digits>
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  created_at: CreatedAt;
}

export interface CategoriesTable {
  id: string;
  name: string;
  image: string;
  description: string;
  position: number;
  hidden: Generated<boolean>;
}

export interface ProductsTable {
  id: string;
  name: string;
  local_name: string | null;
  price_minor: number;
  offer_price_minor: number | null;
  image: string;
  unit: string;
  description: string;
  /** How it is sold (server/lib/quantities.ts): a measured unit in steps from a minimum (0.5 kg from 0.5 kg); whole units 1 and 1. */
  quantity_step: Generated<number>;
  min_quantity: Generated<number>;
  category_id: string;
  in_stock: Generated<boolean>;
  hidden: Generated<boolean>; // off the storefront and the conversation, still in staff lists
  rating_total: Generated<number>;
  rating_count: Generated<number>;
  created_at: CreatedAt;
}

export interface RatingsTable {
  user_id: string;
  product_id: string;
  rating: number;
  updated_at: Timestamp;
}

export interface CartLinesTable {
  user_id: string;
  product_id: string;
  quantity: number;
  added_at: CreatedAt;
  /** If it is missing: 'similar', 'none' or 'product' (substitute_product_id); null: the shop's default when ordered. */
  substitution: ColumnType<string | null, string | null | undefined, string | null>;
  substitute_product_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface AddressesTable {
  id: string;
  user_id: string;
  description: string;
  city: string;
  street: string;
  district: string;
  /** One of the district's sectors (addresses.schema.ts); null on addresses saved before sectors were asked. */
  sector: ColumnType<string | null, string | null | undefined, string | null>;
  phone_number: string;
  is_default: boolean;
  created_at: CreatedAt;
}

export interface OrderAddressSnapshot {
  _id: string;
  description: string;
  city: string;
  street: string;
  district: string;
  /** Absent on orders placed before addresses had sectors. */
  sector?: string | null;
  phoneNumber: string;
  isDefault: boolean;
  email?: string;
}

export interface OrdersTable {
  id: string;
  user_id: string;
  invoice_number: string;
  amount_minor: number;
  status: string;
  payment_type: string;
  payment_status: string;
  address: Json<OrderAddressSnapshot>;
  idempotency_key: string | null;
  callback_url: string | null;
  channel: string; // where the order was placed: one of ORDER_CHANNELS (modules/orders/orders.schema.ts)
  created_at: CreatedAt;
  momo_transaction_id: string | null; // MTN's financial transaction id: typed by staff, or from a request-to-pay
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** The latest MoMo request-to-pay: 'waiting' (for the payer's PIN), 'unconfirmed' (MTN did not answer), 'successful', 'failed'. */
  momo_state: ColumnType<string | null, string | null | undefined, string | null>;
  /** The number asked to pay (+2507...): the shopper's choice at checkout, else the delivery phone. */
  momo_payer_phone: ColumnType<string | null, string | null | undefined, string | null>;
  /** Why the latest MoMo request failed, in words (MTN's reason). */
  payment_failure_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** The delivery window the order is delivered in; null on orders placed before windows. */
  delivery_window_start: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  delivery_window_end: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The weekly basket this order was placed for, and the week (its Monday): one order per basket per week. */
  basket_id: ColumnType<string | null, string | null | undefined, string | null>;
  basket_week: ColumnType<string | null, string | null | undefined, string | null>;
  /** What the shopper pays once packed (null until then: amount_minor). */
  final_amount_minor: ColumnType<number | null, number | null | undefined, number | null>;
  packed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The delivery fee the order was placed with, or agreed at the door; null while negotiable and not yet agreed. */
  delivery_fee_minor: ColumnType<number | null, number | null | undefined, number | null>;
  /** The value of the lines the shopper refused at the door: it comes off what is owed. */
  refused_minor: ColumnType<number, number | undefined, number>;
  /** What has been paid so far (the sum of order_payments), and when the order was paid in full. */
  paid_minor: ColumnType<number, number | undefined, number>;
  paid_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  delivered_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** One payment taken for an order: by MoMo request-to-pay, the MoMo Pay code, cash to a rider, or cash at the shop. */
export interface OrderPaymentsTable {
  id: Generated<number>;
  order_id: string;
  method: string; // 'cash' | 'momo' | 'pay_code' | 'shop_cash' (orders/order-lists.schema.ts PAYMENT_METHODS)
  amount_minor: number;
  rider_id: string | null;
  momo_transaction_id: string | null;
  recorded_by: string | null;
  recorded_at: CreatedAt;
}

/** A shopper's weekly basket: placed as an order on a weekday, in the window starting at that time. */
export interface BasketsTable {
  id: string;
  user_id: string;
  weekday: number; // ISO, Monday = 1
  window_start_minutes: number; // Kigali time
  address_id: string | null; // null: the shopper's default address when placed
  payment_type: Generated<string>; // 'cash' | 'momo'
  /** A MoMo basket's number MTN asks each week (+2507...); null before it was kept: the address's phone. */
  payer_phone: ColumnType<string | null, string | null | undefined, string | null>;
  paused: Generated<boolean>;
  /** The week (its Monday, YYYY-MM-DD) whose delivery the shopper skips. */
  skip_week: ColumnType<string | null, string | null | undefined, string | null>;
  /** The Kigali date of the next delivery the job will place, and when it places it (18:00 the evening before). */
  next_delivery: ColumnType<string, string, string>;
  next_due_at: Timestamp;
  claimed_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  channel: Generated<string>;
  /** The order it was made from (one basket per order); null when made from the cart, or before this was kept. */
  from_order_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface BasketLinesTable {
  basket_id: string;
  position: number;
  product_id: string;
  product_name: string;
  quantity: number;
}

/** What became of a basket in one week: placed (with its order), skipped, missed, ...; and the text it sends. */
export interface BasketRunsTable {
  basket_id: string;
  week: ColumnType<string, string, string>;
  delivery_date: ColumnType<string, string, string>;
  outcome: string;
  order_id: string | null;
  /** Why the week was not placed when a rule refused it (no MoMo number MTN can ask, ...): the console shows it. */
  reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** The text to the shopper; kept once sent (texted_at). */
  message: string | null;
  recipient: string | null;
  texted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  text_claimed_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: CreatedAt;
}

/** The shop's delivery schedule: one row (id 1), kept in memory once read and dropped on every instance when staff save it. */
export interface DeliveryScheduleTable {
  id: Generated<number>;
  days: number[]; // ISO weekdays, Monday = 1
  open_from_minutes: number; // Kigali time, minutes after midnight
  open_until_minutes: number;
  window_hours: number;
  capacity: number; // orders a window takes
  same_day_cutoff_minutes: number; // no window today is offered from this time on
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_by: string | null;
}

/**
 * One row per window an order was placed in, with the orders holding a place in it (cancelled ones
 * give theirs back). Placing an order takes a place by updating the row, so two shoppers racing for
 * a window's last place queue on it: one gets it.
 */
export interface DeliveryWindowBookingsTable {
  window_start: Date | string;
  booked: ColumnType<number, number | undefined, number>;
}

/** One request-to-pay sent to MTN (its X-Reference-Id); at most one per order is 'pending'. */
export interface MomoRequestsTable {
  reference_id: string;
  order_id: string;
  payer_phone: string; // +2507...
  amount: string; // exactly as sent to MTN
  currency: string;
  /** 'pending' until MTN's status says SUCCESSFUL or FAILED (or MTN never received it). */
  status: Generated<string>;
  /** MTN answered 202 (or the status endpoint knows the request): it exists at MTN. */
  accepted: Generated<boolean>;
  financial_transaction_id: string | null;
  failure_reason: string | null;
  checks: Generated<number>;
  /** Status checks its callbacks made (payments.service MOST_CALLBACK_CHECKS bounds them). */
  callback_checks: Generated<number>;
  next_check_at: Timestamp;
  claimed_until: Timestamp | null;
  created_at: CreatedAt;
  settled_at: Timestamp | null;
}

/** Every change staff make to an order: nothing is overwritten without one of these. */
export interface OrderHistoryTable {
  id: Generated<number>;
  order_id: string;
  kind: string; // 'status' | 'payment'
  from_value: string;
  to_value: string;
  note: string | null;
  momo_transaction_id: string | null;
  staff_id: string | null;
  staff_name: string | null; // kept so the history still says who after an account is removed
  staff_role: string | null; // the role the author acted in (a Role of server/lib/roles.ts); null for MTN and rows before roles
  /** What the shopper's timeline needs of a change: the rider and window of a pick-up, why a delivery failed and the new window. */
  details: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: CreatedAt;
}

export interface OrderLinesTable {
  id: Generated<number>;
  order_id: string;
  position: number;
  product_id: string;
  product_name: string;
  product_image: string;
  unit: string;
  quantity: number;
  price_minor: number;
  subtotal_minor: number;
  /** How many of the line the shopper refused at the door. */
  refused_quantity: ColumnType<number, number | undefined, number>;
  substitution: Generated<string>;
  substitute_product_id: Nullable;
  /** What went in the bag (of the substitute when substituted_by is set); null until packed. */
  packed_quantity: ColumnType<number | null, number | null | undefined, number | null>;
  substituted_by: Nullable;
  substitute_name: Nullable;
  substitute_unit: Nullable;
  substitute_price_minor: ColumnType<number | null, number | null | undefined, number | null>;
  /** The shopper's answer to a proposed substitute: 'asked' (until substitute_answer_by), 'accepted', 'refused', 'timed_out'. */
  substitute_answer: Nullable;
  substitute_answer_by: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  final_subtotal_minor: ColumnType<number | null, number | null | undefined, number | null>;
}

type Nullable = ColumnType<string | null, string | null | undefined, string | null>;

/** The shop's packing rules, one row (staff set them). */
export interface PackingSettingsTable {
  id: Generated<boolean>;
  over_estimate_percent: Generated<number>;
  default_substitution: Generated<string>;
  answer_minutes: Generated<number>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  subject: string;
  message: string;
  recipient: string;
  created_at: CreatedAt;
  handled_at: Timestamp | null;
  handled_by: string | null;
}

/** A conversation's state (USSD or chat), when CONVERSATION_STORE=db; the JSON is the engine's Session. */
export interface ConversationSessionsTable {
  id: string;
  data: Json<unknown>;
  expires_at: Timestamp;
  /** The turn holding the session now (a random token), and until when: a turn on another instance waits. */
  held_by: ColumnType<string | null, string | null | undefined, string | null>;
  held_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** An image staff uploaded, on PostgreSQL (every instance serves it); served at /uploads/<name>. */
export interface UploadedImagesTable {
  name: string;
  type: string;
  bytes: Uint8Array;
  created_at: CreatedAt;
}

/** What a phone number chose (its language) and where it stopped, to offer "continue where you left off". */
export interface ConversationPhonesTable {
  phone_number: string; // stored as +<digits>
  language: string | null;
  last_session_id: string | null;
  last_seen_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** WhatsApp message ids already acted on (Meta may deliver a webhook more than once). */
export interface WhatsappDeliveriesTable {
  message_id: string;
  received_at: Generated<Date>;
}

/** Numeric columns come back from the drivers as text (exact decimals); they are written as numbers. */
type Numeric = ColumnType<string, number | string | undefined, number | string>;

/** A product's stock count: present only while the product keeps one (staff choose). */
export interface StockLevelsTable {
  product_id: string;
  on_hand: Numeric;
  reserved: Numeric;
  low_threshold: Numeric;
  /** A new value of the sequence stock_versions on every change: a copy kept in memory takes a row only when it is newer. */
  version: ColumnType<number, never, number>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** One change of a product's stock: received, adjusted, spoiled (by staff), reserved, released, sold (by an order). */
export interface StockMovementsTable {
  id: Generated<number>;
  product_id: string;
  kind: string;
  on_hand_change: Numeric;
  reserved_change: Numeric;
  order_id: string | null;
  note: string | null;
  staff_id: string | null;
  staff_name: string | null;
  created_at: CreatedAt;
}

/** The delivery fee: one row (id 1) beside the schedule, kept in memory once read and dropped on every instance when staff save it. */
export interface DeliveryFeesTable {
  id: Generated<number>;
  mode: string; // 'negotiable' | 'table'
  /** [{ district, sector, fromMinor, feeMinor }]: the fee to a place for orders of at least fromMinor. */
  rates: ColumnType<unknown, string, string>;
  free_from_minor: number | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_by: string | null;
}

/** An account that rides for the shop, with the cash it may hold before it is given no more cash orders. */
export interface RidersTable {
  user_id: string;
  cash_limit_minor: number | null;
  added_at: CreatedAt;
  added_by: string | null;
}

/** An order given to a rider, its place in the rider's round, and when it left the shop. */
export interface RiderStopsTable {
  order_id: string;
  rider_id: string;
  position: number;
  assigned_at: ColumnType<Date, Date | string | undefined, Date | string>;
  assigned_by: string | null;
  picked_up_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** The 4-digit code the shopper gives the rider at the door; five wrong tries lock it for staff. */
export interface DeliveryCodesTable {
  order_id: string;
  code: string;
  wrong_tries: Generated<number>;
  locked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A rider at a door: delivered (what was collected, the fee, lines refused) or not (why). */
export interface DeliveryAttemptsTable {
  id: Generated<number>;
  order_id: string;
  rider_id: string | null;
  outcome: string; // 'delivered' | 'not_delivered'
  reason: string | null;
  note: string | null;
  collected_method: string | null; // 'cash' | 'momo' | 'paid'
  collected_minor: ColumnType<number, number | undefined, number>;
  fee_minor: number | null;
  refused_minor: ColumnType<number, number | undefined, number>;
  refused: ColumnType<unknown, string | undefined, string>;
  /** Staff recorded the delivery without the shopper's code: why. */
  override_reason: string | null;
  recorded_by: string | null;
  recorded_at: CreatedAt;
}

/** A rider app action already done, by its idempotency key, with the answer it gave. */
export interface RiderActionsTable {
  rider_id: string;
  key: string;
  action: string;
  order_id: string;
  answer: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: CreatedAt;
}

/** A rider's cash now: what they hold, and what went missing (or over) at handovers. */
export interface RiderCashTable {
  rider_id: string;
  in_hand_minor: ColumnType<number, number | undefined, number>;
  variance_minor: ColumnType<number, number | undefined, number>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Cash a rider collected for an order, or handed over to the shop (counted, expected, the difference and why). */
export interface RiderCashEntriesTable {
  id: Generated<number>;
  rider_id: string;
  kind: string; // 'collected' | 'handover'
  order_id: string | null;
  handover_id: string | null;
  amount_minor: number;
  expected_minor: number | null;
  variance_minor: ColumnType<number, number | undefined, number>;
  note: string | null;
  by_id: string | null;
  by_name: string | null;
  created_at: CreatedAt;
}

/** Cash staff counted from a rider, waiting for the rider's code (sent to their phone) to be recorded. */
export interface RiderHandoversTable {
  id: string;
  rider_id: string;
  counted_minor: number;
  note: string | null;
  code_hash: string;
  wrong_tries: Generated<number>;
  requested_by: string | null;
  requested_by_name: string;
  requested_at: CreatedAt;
  expires_at: Timestamp;
  confirmed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  cancelled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface Database {
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  password_reset_codes: PasswordResetCodesTable;
  outbox: OutboxTable;
  categories: CategoriesTable;
  products: ProductsTable;
  ratings: RatingsTable;
  cart_lines: CartLinesTable;
  addresses: AddressesTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  order_history: OrderHistoryTable;
  user_roles: UserRolesTable;
  contact_messages: ContactMessagesTable;
  conversation_sessions: ConversationSessionsTable;
  uploaded_images: UploadedImagesTable;
  conversation_phones: ConversationPhonesTable;
  whatsapp_deliveries: WhatsappDeliveriesTable;
  momo_requests: MomoRequestsTable;
  attempt_counters: AttemptCountersTable;
  phone_verification_codes: PhoneVerificationCodesTable;
  delivery_schedule: DeliveryScheduleTable;
  delivery_window_bookings: DeliveryWindowBookingsTable;
  baskets: BasketsTable;
  basket_lines: BasketLinesTable;
  basket_runs: BasketRunsTable;
  stock_levels: StockLevelsTable;
  stock_movements: StockMovementsTable;
  packing_settings: PackingSettingsTable;
  order_payments: OrderPaymentsTable;
  delivery_fees: DeliveryFeesTable;
  riders: RidersTable;
  rider_stops: RiderStopsTable;
  delivery_codes: DeliveryCodesTable;
  delivery_attempts: DeliveryAttemptsTable;
  rider_actions: RiderActionsTable;
  rider_cash: RiderCashTable;
  rider_cash_entries: RiderCashEntriesTable;
  rider_handovers: RiderHandoversTable;
}
