/** Kysely table types: the shape of every row as the database stores it (snake_case). */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** 0 or 1: booleans are integers on both engines (see the initial migration). */
export type Flag = number;

interface Audit {
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface UsersTable extends Audit {
  id: Generated<number>;
  username: string;
  password_hash: string;
  mfa_secret: string | null;
  mfa_pending_secret: string | null;
  mfa_enabled_at: string | null;
  /** bigint: PostgreSQL answers it as a string. */
  mfa_last_step: number | string | null;
}

export interface MfaRecoveryCodesTable {
  user_id: number;
  code_hash: string;
  used_at: string | null;
}

export interface SecurityEventsTable {
  id: Generated<number | string>;
  at: string;
  type: string;
  user_id: number | null;
  username: string | null;
  actor: string | null;
  address: string | null;
  detail: string | null;
}

/** Append-only (migration 2026112500): the database refuses UPDATE and DELETE. */
export interface ChangeHistoryTable {
  id: Generated<number | string>;
  subject: 'order' | 'quote' | 'customer' | 'product' | 'vendor-order';
  subject_id: number;
  at: string;
  user_id: number | null;
  username: string | null;
  action: string;
  field: string | null;
  from_value: string | null;
  to_value: string | null;
}

export interface UserRolesTable {
  user_id: number;
  role: string;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  ip: string | null;
  user_agent: string | null;
}

export interface AuthThrottleTable {
  key: string;
  window_start: string;
  attempts: Generated<number>;
  failures: Generated<number>;
  last_failure_at: string | null;
  next_allowed_at: string | null;
}

export interface IdempotencyKeysTable {
  scope: string;
  key: string;
  user_id: number | null;
  status_code: number;
  response: string;
  created_at: string;
  /** SHA-256 of the request the key answered (migration 2026112970); null on older rows. */
  request_hash: string | null;
}

export interface CustomersTable extends Audit {
  id: Generated<number>;
  customer_no: string | null;
  name: string;
  contact_name: string | null;
  email: string | null;
  phone: string | null;
  fax: string | null;
  mobile_phone: string | null;
  street_street: string | null;
  street_city: string | null;
  street_state: string | null;
  street_zip_code: string | null;
  ship_street: string | null;
  ship_city: string | null;
  ship_state: string | null;
  ship_zip_code: string | null;
  special_needs: string | null;
  special_instructions: string | null;
  tax_code: string | null;
  terms_code: string | null;
  ready_email: Generated<number>;
  name_fold: Generated<string | null>;
  customer_no_fold: Generated<string | null>;
  contact_name_fold: Generated<string | null>;
  use_tax: Generated<Flag>;
  opener_multiplier: Generated<number>;
  residential_multiplier: Generated<number>;
  sectional_multiplier: Generated<number>;
  commercial_multiplier: Generated<number>;
}

export interface ProductTypesTable {
  id: Generated<number>;
  type: string;
}

export interface ProductsTable extends Audit {
  id: Generated<number>;
  item_no: string;
  item_description: string | null;
  wholesale_price: Generated<number>;
  multiplier_category: string | null;
  product_type_id: number | null;
  modifier_cost_increase: Generated<number>;
  windows_data: string | null;
  window_description: string | null;
  inserts_data: string | null;
  insert_description: string | null;
}

export interface AssociatedPartsTable {
  id: Generated<number>;
  package_id: number;
  child_id: number;
  quantity: number;
}

export interface PackageModifiersTable extends Audit {
  id: Generated<number>;
  package_id: number;
  category: string;
  name: string | null;
  quantity: Generated<number>;
  product_id: number | null;
  notes: string | null;
}

export interface OrderStatusesTable {
  id: Generated<number>;
  type: string;
  closed: Generated<Flag>;
  sort_order: Generated<number>;
}

/** A bigint of cents: PostgreSQL's driver answers it as text (read it through Number()). */
type Cents = ColumnType<number | string, number | undefined, number>;

interface DocumentHeader extends Audit {
  id: Generated<number>;
  customer_id: number;
  job_name: string | null;
  po_number: string | null;
  special_instructions: string | null;
  job_name_fold: Generated<string | null>;
  po_number_fold: Generated<string | null>;
  use_tax: Generated<Flag>;
  opener_multiplier_copy: Generated<number>;
  residential_multiplier_copy: Generated<number>;
  sectional_multiplier_copy: Generated<number>;
  commercial_multiplier_copy: Generated<number>;
  no_price_print: Generated<Flag>;
  /** The totals as the one pricer priced them (migration 2026112800, docs/architecture.md section 16). */
  subtotal_cents: Cents;
  tax_cents: Cents;
  total_cents: Cents;
  /** The scaled tax rate they were priced with; null: not priced yet. */
  priced_tax_rate: number | null;
  /** "Price loose parts" as the document captured it when made (migration 2026112950, decision 028). */
  price_loose_parts: Generated<Flag>;
}

export interface QuotesTable extends DocumentHeader {
  quote_date: string;
  /** Draft, Sent, Accepted or Declined (migration 2026112510); Expired is read, not stored. */
  quote_status: Generated<string>;
  /** The number the revisions share; null on a first revision (coalesce(quote_number, id)). */
  quote_number: number | null;
  revision: Generated<number>;
  /** 1 on every revision but the latest. */
  superseded: Generated<Flag>;
  /** When the quote first left Draft, and when it was accepted (migration 2026112800). */
  sent_at: string | null;
  accepted_at: string | null;
}

export interface OrdersTable extends DocumentHeader {
  order_date: string;
  order_status_id: number;
  is_closed: Generated<Flag>;
  order_pickup: Generated<Flag>;
  current_load: Generated<Flag>;
  loading_bay: number | null;
  source_quote_id: number | null;
  completed_at: string | null;
  /** When it became its bay's current load (migration 2026112800); null when it is not one. */
  loaded_at: string | null;
}

interface PartRow {
  id: Generated<number>;
  product_id: number;
  quantity: number;
  price_override: number | null;
  position: Generated<number>;
  created_at: string;
  /** What the line adds to the subtotal as last priced (migration 2026112800). */
  line_price_cents: Cents;
}
export interface OrderPartsTable extends PartRow {
  order_id: number;
}
export interface QuotePartsTable extends PartRow {
  quote_id: number;
}

interface PartModifierRow {
  id: Generated<number>;
  package_modifier_id: number;
  notes: string | null;
  inches: string | null;
  created_at: string;
}
export interface OrderPartModifiersTable extends PartModifierRow {
  order_part_id: number;
}
export interface QuotePartModifiersTable extends PartModifierRow {
  quote_part_id: number;
}

interface SubPartRow {
  id: Generated<number>;
  source: string;
  product_id: number;
  quantity: number;
  notes: string | null;
  inches: string | null;
  category: string | null;
  applied_modifier_id: number | null;
  position: Generated<number>;
}
export interface OrderSubPartsTable extends SubPartRow {
  order_part_id: number;
}
export interface QuoteSubPartsTable extends SubPartRow {
  quote_part_id: number;
}

export interface VendorOrdersTable extends Audit {
  id: Generated<number>;
  name: string;
  description: string | null;
  estimated_arrival: string | null;
  status: Generated<string>;
  /** YYYY-MM-DD when Received (migration 2026112520). */
  received_date: string | null;
}

/** Stock (migration 2026113000, docs/stock.md). */
export interface StockLevelsTable {
  product_id: number;
  on_hand: Generated<number>;
  reserved: Generated<number>;
  reorder_point: Generated<number>;
  reorder_quantity: Generated<number>;
  count_needed: Generated<Flag>;
  updated_at: string;
}

export interface StockMovesTable {
  id: Generated<number>;
  product_id: number;
  kind: string;
  quantity: number;
  on_hand_after: number;
  ref_kind: string | null;
  ref_id: number | null;
  reason: string | null;
  note: string | null;
  user_id: number | null;
  username: string | null;
  at: string;
}

export interface StockNeedsTable {
  order_id: number;
  product_id: number;
  required: number;
}

export interface VendorOrderLinesTable {
  id: Generated<number>;
  vendor_order_id: number;
  product_id: number;
  quantity: number;
  received_quantity: Generated<number>;
  unit_cost_cents: number | null;
  position: Generated<number>;
  created_at: string;
}

export interface VendorReceiptsTable {
  id: Generated<number>;
  vendor_order_id: number;
  note: string | null;
  over: Generated<Flag>;
  user_id: number | null;
  username: string | null;
  at: string;
}

export interface StockCountsTable {
  id: Generated<number>;
  state: Generated<string>;
  started_at: string;
  started_by: string | null;
  applied_at: string | null;
  applied_by: string | null;
}

export interface StockCountLinesTable {
  count_id: number;
  product_id: number;
  expected: number;
  counted: number | null;
}

export interface LinkedOrdersTable {
  id: Generated<number>;
  order_id: number;
  vendor_order_id: number;
  created_at: string;
}

export interface EmailSettingsTable {
  id: number;
  quote_subject: string;
  quote_body: string;
  order_subject: string;
  order_body: string;
  email_forward: string | null;
  ready_enabled: Generated<number>;
  ready_subject: Generated<string>;
  ready_body: Generated<string>;
  version: Generated<number>;
  updated_at: string;
}

/** One row (id 1): the letterhead. A null name means the configured COMPANY_NAME. */
export interface CompanySettingsTable {
  id: number;
  name: string | null;
  street: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  phone: string | null;
  email: string | null;
  quote_validity_days: number | null;
  terms: string | null;
  hours: string | null;
  /** 1: staff see the dashboard too, not only administrators. */
  dashboard_for_staff: Generated<Flag>;
  /** 1: a plain part line is priced, wholesale x multiplier (migration 2026112950, decision 028). */
  price_loose_parts: Generated<Flag>;
  version: Generated<number>;
  updated_at: string;
}

/** Every e-mail sent for a document, and the ready-for-pickup e-mails waiting to be sent. */
export interface EmailOutboxTable {
  id: Generated<number>;
  document_kind: 'order' | 'quote';
  document_id: number;
  purpose: 'document' | 'ready-for-pickup';
  to_address: string;
  /** Send Email's copies, ', '-separated (migration 2026112930). */
  cc: string | null;
  bcc: string | null;
  subject: string;
  body: string;
  state: 'queued' | 'sent' | 'failed' | 'withdrawn';
  attempts: Generated<number>;
  created_at: string;
  created_by: string | null;
  next_attempt_at: string | null;
  claimed_until: string | null;
  last_error: string | null;
  sent_at: string | null;
  message_id: string | null;
}

export interface OrderStatusCountsTable {
  order_status_id: number;
  n: number;
}

export interface TableCountsTable {
  table_name: string;
  n: number;
}

/** One import run (migration 2026112810; docs/architecture.md section 15). */
export interface ImportJobsTable {
  id: Generated<number>;
  kind: 'products' | 'customers' | 'vendor-orders' | 'stock';
  mode: 'all' | 'valid';
  state: 'running' | 'done' | 'failed';
  /** The kind while running, NULL after: one import of a kind at a time (a unique index). */
  active_kind: string | null;
  file_name: string | null;
  user_id: number | null;
  username: string | null;
  total: Generated<number>;
  processed: Generated<number>;
  created: Generated<number>;
  updated: Generated<number>;
  skipped: Generated<number>;
  problem_count: Generated<number>;
  /** JSON [{row, column, message}], the first 1,000. */
  problems: Generated<string>;
  message: string | null;
  longest_write_ms: Generated<number>;
  started_at: string;
  updated_at: string;
  finished_at: string | null;
}

/** The mapping last used for a kind and set of headers. */
export interface ImportMappingsTable {
  kind: string;
  headers_key: string;
  headers: string;
  mapping: string;
  user_id: number | null;
  updated_at: string;
}

export interface DB {
  order_status_counts: OrderStatusCountsTable;
  table_counts: TableCountsTable;
  users: UsersTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  auth_throttle: AuthThrottleTable;
  mfa_recovery_codes: MfaRecoveryCodesTable;
  security_events: SecurityEventsTable;
  change_history: ChangeHistoryTable;
  email_outbox: EmailOutboxTable;
  idempotency_keys: IdempotencyKeysTable;
  customers: CustomersTable;
  product_types: ProductTypesTable;
  products: ProductsTable;
  associated_parts: AssociatedPartsTable;
  package_modifiers: PackageModifiersTable;
  order_statuses: OrderStatusesTable;
  quotes: QuotesTable;
  orders: OrdersTable;
  quote_parts: QuotePartsTable;
  order_parts: OrderPartsTable;
  quote_part_modifiers: QuotePartModifiersTable;
  order_part_modifiers: OrderPartModifiersTable;
  quote_sub_parts: QuoteSubPartsTable;
  order_sub_parts: OrderSubPartsTable;
  vendor_orders: VendorOrdersTable;
  linked_orders: LinkedOrdersTable;
  email_settings: EmailSettingsTable;
  company_settings: CompanySettingsTable;
  import_jobs: ImportJobsTable;
  import_mappings: ImportMappingsTable;
  stock_levels: StockLevelsTable;
  stock_moves: StockMovesTable;
  stock_needs: StockNeedsTable;
  vendor_order_lines: VendorOrderLinesTable;
  vendor_receipts: VendorReceiptsTable;
  stock_counts: StockCountsTable;
  stock_count_lines: StockCountLinesTable;
}

export type UserRow = Selectable<UsersTable>;
export type CustomerRow = Selectable<CustomersTable>;
export type NewCustomer = Insertable<CustomersTable>;
export type CustomerUpdate = Updateable<CustomersTable>;
export type ProductRow = Selectable<ProductsTable>;
export type SessionRow = Selectable<SessionsTable>;
