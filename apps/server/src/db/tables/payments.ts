// Blocking rules and payments: Kysely row types of these tables (the SQL lives in migrations/).
import type { ColumnType, Generated } from 'kysely';
import type { Numeric, Timestamp, Json } from './columns';

export interface BlockingRulesTable {
  id: Generated<string>;
  publisher_id: string;
  name: string;
  type: string;
  rule_values: Json<string[]>;
  site_ids: Json<string[]> | null;
  expires_at: ColumnType<string | null, string | null, string | null>;
  status: Generated<string>;
  created_by: string | null;
  updated_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface BlockingFeedKeysTable {
  id: Generated<string>;
  publisher_id: string;
  name: string;
  prefix: string;
  key_hash: string;
  created_by: string | null;
  created_at: Generated<Date>;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  revoked_by: string | null;
}

export interface MonthClosesTable {
  period: string;
  closed_by: string | null;
  closed_at: Generated<Date>;
}

/** numeric columns come back from pg as strings. */
export interface PaymentsTable {
  id: Generated<string>;
  publisher_id: string;
  period: string;
  currency: string;
  revenue: Numeric;
  rollover_in: Numeric;
  adjustments: ColumnType<string, number | string | undefined, number | string>;
  amount: Numeric;
  rollover_out: Numeric;
  threshold: Numeric;
  site_revenue: Json<{ siteId: string; siteName: string; netRevenue: number }[]>;
  status: string;
  hold_reason: string | null;
  payee_snapshot: Json | null;
  approved_at: Timestamp | null;
  approved_by: string | null;
  paid_at: ColumnType<string | null, string | null, string | null>;
  method: string | null;
  reference: string | null;
  created_at: Generated<Date>;
}

export interface PaymentAdjustmentsTable {
  id: Generated<string>;
  payment_id: string;
  amount: Numeric;
  reason: string;
  created_by: string | null;
  created_at: Generated<Date>;
  updated_by: string | null;
  updated_at: Date | null;
}

export interface PaymentSettingsTable {
  publisher_id: string;
  method: string;
  beneficiary_name: string;
  payout_currency: string;
  vat_number: string | null;
  bank_ciphertext: string;
  bank_last4: string;
  threshold: ColumnType<string | null, number | string | null, number | string | null>;
  tax_form: Buffer | null;
  tax_form_name: string | null;
  tax_form_size: number | null;
  tax_form_uploaded_at: Timestamp | null;
  updated_by: string | null;
  updated_at: Generated<Date>;
  bank_set_by: string | null;
  bank_replaced_at: Timestamp | null;
}

export interface PaymentApprovalsTable {
  payment_id: string;
  approved_by: string;
  bank_version: Timestamp | null;
  approved_at: Generated<Date>;
}

export interface PaymentsTables {
  blocking_rules: BlockingRulesTable;
  blocking_feed_keys: BlockingFeedKeysTable;
  month_closes: MonthClosesTable;
  payments: PaymentsTable;
  payment_adjustments: PaymentAdjustmentsTable;
  payment_settings: PaymentSettingsTable;
  payment_approvals: PaymentApprovalsTable;
}
