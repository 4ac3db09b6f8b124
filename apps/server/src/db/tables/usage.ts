// Usage analytics: /mp events and their rollups (issue 15): Kysely row types of these tables (the SQL lives in migrations/).
import type { ColumnType, Generated } from 'kysely';
import type { Json } from './columns';

export interface TrackingEventsTable {
  id: Generated<number>;
  user_id: string | null;
  event: string;
  client_timestamp: string;
  scope: Json | null;
  properties: Json | null;
  received_at: Generated<Date>;
}

// Issue 15: usage analytics rollups of /mp events (kept by a trigger on tracking_events).
export interface UsageDailyEventsTable {
  publisher_id: string;
  day: ColumnType<string, string, string>;
  user_type: string;
  event: string;
  events: number;
}

export interface UsageDailyUsersTable {
  publisher_id: string;
  day: ColumnType<string, string, string>;
  user_type: string;
  user_id: string;
  events: number;
}

export interface UsageDailyPagesTable {
  publisher_id: string;
  day: ColumnType<string, string, string>;
  user_type: string;
  page: string;
  views: number;
}

// Issue 15: all-partners usage rollups (migration 0055), kept by the same trigger.
export interface UsageAllEventsTable {
  day: ColumnType<string, string, string>;
  user_type: string;
  event: string;
  events: number;
}

export interface UsageAllUsersTable {
  day: ColumnType<string, string, string>;
  user_type: string;
  user_id: string;
  events: number;
}

export interface UsageAllPagesTable {
  day: ColumnType<string, string, string>;
  user_type: string;
  page: string;
  views: number;
}

export interface UsagePartnerDaysTable {
  day: ColumnType<string, string, string>;
  publisher_id: string;
  events: number;
}

export interface UsageTables {
  tracking_events: TrackingEventsTable;
  usage_daily_events: UsageDailyEventsTable;
  usage_daily_users: UsageDailyUsersTable;
  usage_daily_pages: UsageDailyPagesTable;
  usage_all_events: UsageAllEventsTable;
  usage_all_users: UsageAllUsersTable;
  usage_all_pages: UsageAllPagesTable;
  usage_partner_days: UsagePartnerDaysTable;
}
