// Usage analytics: /mp events and their rollups: Kysely row types of these tables (the SQL lives in migrations/).
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

// Usage analytics rollups of /mp events (kept by a trigger on tracking_events).
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

// All-partners usage rollups (migration 0055), kept by the same trigger.
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
  /** Distinct users of the day and partner (migration 0057). */
  users: Generated<number>;
}

// Distinct-user rollups (migration 0057), kept by a second trigger on tracking_events.
export interface UsagePartnerDayUsersTable {
  publisher_id: string;
  user_id: string;
  day: ColumnType<string, string, string>;
}

export interface UsageDayUsersTable {
  user_id: string;
  day: ColumnType<string, string, string>;
}

export interface UsageDaysTable {
  day: ColumnType<string, string, string>;
  users: number;
}

export interface UsagePartnerUsersTable {
  publisher_id: string;
  user_id: string;
  first_day: ColumnType<string, string, string>;
  last_day: ColumnType<string, string, string>;
}

export interface UsageUsersTable {
  user_id: string;
  first_day: ColumnType<string, string, string>;
  last_day: ColumnType<string, string, string>;
}

export interface UsageTypeUsersTable {
  user_type: string;
  user_id: string;
  first_day: ColumnType<string, string, string>;
  last_day: ColumnType<string, string, string>;
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
  usage_partner_day_users: UsagePartnerDayUsersTable;
  usage_day_users: UsageDayUsersTable;
  usage_days: UsageDaysTable;
  usage_partner_users: UsagePartnerUsersTable;
  usage_users: UsageUsersTable;
  usage_type_users: UsageTypeUsersTable;
}
