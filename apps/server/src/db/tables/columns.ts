import type { ColumnType } from 'kysely';

/** A timestamptz column: read as a Date, written as a Date or an ISO string. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A json/jsonb column: written as a JSON string. */
export type Json<T = unknown> = ColumnType<T, string, string>;
/** A numeric column: pg returns it as a string (exact), and takes a number or a string. */
export type Numeric = ColumnType<string, number | string, number | string>;
