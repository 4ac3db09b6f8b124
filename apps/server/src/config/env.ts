import { z } from 'zod';
import { DIRECT_DOWNLOAD_MAX_ROWS } from '@pc/contracts';

/** Booleans accept only the strings true/false (docs/product.md#entities). */
const bool = (def: boolean) =>
  z
    .enum(['true', 'false'], { error: 'accepts only true or false' })
    .default(def ? 'true' : 'false')
    .transform((v) => v === 'true');

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : null));

/**
 * Text printed on the statement PDF: its standard fonts print Latin-1 (WinAnsi) only, so other
 * characters are refused at start rather than turning into "?" on every statement.
 */
const letterheadText = (max: number) =>
  z
    .string()
    .optional()
    .refine((v) => !v || (v.trim().length <= max && /^[\x20-\x7E\xA0-\xFF€]*$/.test(v.trim())), `accepts up to ${max} Latin characters`)
    .transform((v) => (v && v.trim() !== '' ? v.trim() : null));

const url = (what: string) =>
  z
    .string()
    .optional()
    .refine((v) => !v || /^[a-z][a-z0-9+.-]*:\/\//i.test(v), `accepts a URL (${what})`)
    .transform((v) => (v && v.trim() !== '' ? v.trim() : null));

const idList = z
  .string()
  .optional()
  .refine((v) => !v || /^\s*[A-Za-z0-9_-]+(\s*,\s*[A-Za-z0-9_-]+)*\s*$/.test(v), 'accepts a comma-separated list of publisher ids')
  .transform((v) =>
    v
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [],
  );

/** Every setting of the server, from environment variables; see docs/operations.md. */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'accepts development, production or test' }).default('development'),
  PORT: z.coerce.number({ error: 'accepts a port number 0-65535' }).int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: url('postgres://user:pass@host:5432/db'),
  // Report facts on ClickHouse instead of the embedded DuckDB file (scale-out, several processes).
  CLICKHOUSE_URL: url('http://user:pass@host:8123/database'),
  // The embedded DuckDB's memory (its buffer pool and operators; past it, staging spills to disk):
  // what bounds an ingestion of any size, and the server's share of the machine.
  DUCKDB_MEMORY_LIMIT: z
    .string()
    .regex(/^\d+(\.\d+)?\s*(KB|MB|GB|TB|KiB|MiB|GiB|TiB)$/i, { error: 'accepts a size such as 512MB or 2GB' })
    .default('2GB'),
  // A cluster's layout (docs/operations.md, "ClickHouse cluster"): the engine's schema, DELETE and
  // TRUNCATE statements in their cluster form.
  CLICKHOUSE_CLUSTER: z.enum(['none', 'replicated', 'sharded'], { error: 'accepts none, replicated or sharded' }).default('none'),
  SMTP_URL: url('smtp://user:pass@host:587'),
  MAIL_FROM: z.string().default('Partners Center <no-reply@partners-center.local>'),
  PUBLIC_URL: url('https://partners.example.com'),
  DEMO_DATA: bool(false),
  PRODUCT_NAME: z.string().min(1).default('Partners Center'),
  /**
   * Which peers may set X-Forwarded-For: `false` (none), a hop count (1 = the one load balancer in
   * front), or comma-separated proxy addresses/CIDRs. `true` (trust anyone) is refused: it lets any
   * client choose its address and walk around the per-address sign-in limits.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .refine(
      (v) => v === 'false' || /^\d{1,2}$/.test(v) || /^[0-9a-fA-F:.]+(\/\d{1,3})?(\s*,\s*[0-9a-fA-F:.]+(\/\d{1,3})?)*$/.test(v),
      'accepts false, a hop count (e.g. 1) or comma-separated proxy addresses/CIDRs (true, trusting anyone, is refused)',
    )
    .transform((v): false | number | string[] => (v === 'false' ? false : /^\d+$/.test(v) ? Number(v) : v.split(',').map((s) => s.trim()))),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'accepts fatal, error, warn, info, debug, trace or silent',
    })
    .default('info'),
  // docs/product.md#entities: app configuration, each named after its item.
  DEV_FEATURES: bool(false),
  IDENTITY_API_KEY: z.string().default('partners-center-builtin'),
  IDENTITY_AUTH_DOMAIN: z.string().optional(),
  PAGE_ANALYTICS_ID: optionalText,
  PAGE_ANALYTICS_ID_2: optionalText,
  SESSION_RECORDER_ID: optionalText,
  SESSION_RECORDER_SNIPPET_VERSION: optionalText,
  EVENT_ANALYTICS_KEY: optionalText,
  PRODUCT_TOUR_KEY: optionalText,
  HELP_WIDGET_ID: optionalText,
  TAG_MANAGER_ID: optionalText,
  /** Where /mp events are forwarded (POST, JSON) after being stored first-party; unset = stored only. */
  ANALYTICS_FORWARD_URL: url('https://analytics.example.com/events'),
  /** Sent as `Authorization: Bearer …` to ANALYTICS_FORWARD_URL when set. */
  ANALYTICS_FORWARD_TOKEN: optionalText,
  CONSOLE_URL: url('https://console.example.com'),
  IFRAME_ROOT: url('https://app.example.com'),
  ALLOWED_ADMIN_EMAIL: optionalText,
  ADMIN_ACCESS: bool(true),
  MOBILE_WIDTH: z.coerce.number({ error: 'accepts a width in pixels' }).int().min(200).max(4000).default(1024),
  DEMO_PUBLISHER_IDS: idList,
  SHOW_NEW_FEATURES_UNTIL: z
    .string()
    .optional()
    .refine((v) => !v || /^\d{4}-\d{2}-\d{2}$/.test(v), 'accepts a date YYYY-MM-DD')
    .transform((v) => v || null),
  HELP_CENTER_URL: z.string().default('https://help.partners-center.example/'),
  SUPPORT_TICKET_URL: z.string().default('https://help.partners-center.example/tickets/new'),
  SUPPORT_SOLUTIONS_URL: z.string().default('https://help.partners-center.example/solutions'),
  GET_IN_TOUCH_URL: z.string().default('https://partners-center.example/contact'),
  PRIVACY_POLICY_URL: z.string().default('https://partners-center.example/privacy-policy'),
  TERMS_URL: z.string().default('https://partners-center.example/master-services-agreement'),
  /** When set, GET /metrics needs `Authorization: Bearer <token>`. */
  METRICS_TOKEN: optionalText,
  // Identity and security knobs.
  INVITATION_TTL_DAYS: z.coerce.number({ error: 'accepts days 1-90' }).int().min(1).max(90).default(7),
  /** Every database statement is cancelled after this long. */
  STATEMENT_TIMEOUT_MS: z.coerce.number({ error: 'accepts milliseconds 1000-3600000' }).int().min(1000).max(3_600_000).default(60_000),
  /** On SIGTERM, /readyz answers 503 this long before the listener closes (load balancers stop sending). */
  SHUTDOWN_DRAIN_MS: z.coerce.number({ error: 'accepts milliseconds 0-60000' }).int().min(0).max(60_000).default(0),
  /** On SIGTERM, in-flight requests and running jobs get this long to finish; jobs still running then go back to the queue. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number({ error: 'accepts milliseconds 1000-600000' }).int().min(1000).max(600_000).default(20_000),
  /** How long the confirmation link sent to a new sign-in e-mail address works. */
  EMAIL_CHANGE_LINK_HOURS: z.coerce.number({ error: 'accepts whole hours 1-168' }).int().min(1).max(168).default(24),
  ID_TOKEN_TTL_SECONDS: z.coerce.number({ error: 'accepts seconds 60-3600' }).int().min(60).max(3600).default(3600),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number({ error: 'accepts a positive whole number' }).int().min(1).default(30),
  /**
   * Site-tag collection limits (site-tag.limits.ts), events per second and burst, per site key and
   * per client address; beyond them /t/collect answers 429 and the site's refused count grows.
   */
  SITE_TAG_SITE_EVENTS_PER_SECOND: z.coerce.number({ error: 'accepts a positive whole number' }).int().min(1).default(1000),
  SITE_TAG_SITE_BURST: z.coerce.number({ error: 'accepts a positive whole number' }).int().min(1).default(10_000),
  SITE_TAG_ADDRESS_EVENTS_PER_SECOND: z.coerce.number({ error: 'accepts a positive whole number' }).int().min(1).default(20),
  SITE_TAG_ADDRESS_BURST: z.coerce.number({ error: 'accepts a positive whole number' }).int().min(1).default(200),
  /** Brute-force protection (identity/sign-in-throttle.ts): failures before a lock, per account + address. */
  SIGN_IN_LOCK_AFTER_ACCOUNT_IP: z.coerce.number({ error: 'accepts a positive whole number' }).int().min(1).default(5),
  /** ...and per account from any address (rotating addresses gains nothing). */
  SIGN_IN_LOCK_AFTER_ACCOUNT: z.coerce.number({ error: 'accepts a positive whole number' }).int().min(1).default(20),
  /** First lock in seconds; doubles with each further failure up to SIGN_IN_LOCK_MAX_SECONDS. */
  SIGN_IN_LOCK_SECONDS: z.coerce.number({ error: 'accepts seconds' }).int().min(1).default(60),
  SIGN_IN_LOCK_MAX_SECONDS: z.coerce.number({ error: 'accepts seconds' }).int().min(1).default(900),
  /** The most of one advertising system's sellers.json we read (streamed; real ones reach hundreds of MB). */
  /** Scheduled and e-mailed reports attach files up to this size and link larger ones. */
  REPORT_ATTACHMENT_MAX_MB: z.coerce.number({ error: 'accepts megabytes from 0 to 25' }).min(0).max(25).default(5),
  /** Reports with up to this many rows download at once from the page, without a background job (item 9). */
  REPORT_DIRECT_DOWNLOAD_MAX_ROWS: z.coerce
    .number({ error: 'accepts a whole number of rows 0-100000' })
    .int()
    .min(0)
    .max(100_000)
    .default(DIRECT_DOWNLOAD_MAX_ROWS),
  SELLERS_JSON_MAX_MB: z.coerce.number({ error: 'accepts a whole number of megabytes 1-2048' }).int().min(1).max(2048).default(512),
  // Blocking rules, payments, payment settings.
  /** Provider service token for GET /api/blocking-rules/feed (the ad-serving side); unset = feed off. */
  BLOCKING_FEED_TOKEN: optionalText,
  /** Requests per minute per client address to the serving feed (feed keys / provider token), counted in PostgreSQL. */
  BLOCKING_FEED_RATE_PER_MINUTE: z.coerce.number({ error: 'accepts a positive whole number' }).int().min(1).default(600),
  BLOCKING_RULES_MAX_PER_PUBLISHER: z.coerce.number({ error: 'accepts a positive whole number' }).int().min(1).default(200),
  BLOCKING_RULE_MAX_VALUES: z.coerce.number({ error: 'accepts a positive whole number' }).int().min(1).default(1000),
  /** Default payment threshold in the publisher's currency (a publisher's settings may set their own). */
  PAYMENT_THRESHOLD_DEFAULT: z.coerce.number({ error: 'accepts an amount' }).min(0).default(100),
  /** The payment statement PDF's letterhead: the provider's name (unset: PRODUCT_NAME), address (lines split by ";"), contact. */
  STATEMENT_PROVIDER_NAME: letterheadText(120),
  STATEMENT_PROVIDER_ADDRESS: letterheadText(300),
  STATEMENT_PROVIDER_CONTACT: letterheadText(200),
  /**
   * Keys for bank details at rest (AES-256-GCM): `id:base64key[,id:base64key...]`, the first encrypts,
   * all decrypt (rotation: docs/operations.md). Required in production; dev/test use a fixed local key.
   */
  PAYMENT_DETAILS_KEYS: z
    .string()
    .optional()
    .refine(
      (v) =>
        !v ||
        v
          .split(',')
          .every((k) => /^[A-Za-z0-9_-]+:[A-Za-z0-9+/=]+$/.test(k.trim()) && Buffer.from(k.trim().split(':')[1]!, 'base64').length === 32),
      'accepts id:base64 pairs of 32-byte keys, comma-separated',
    )
    .transform((v) => (v && v.trim() !== '' ? v.trim() : null)),
  // Services, plans, integrations.
  /** Where product demo, data-source, data-integration and plan requests are mailed for staff. */
  STAFF_NOTIFY_EMAIL: z
    .string()
    .trim()
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'accepts an e-mail address')
    .default('partner-success@provider.example'),
  /** Outgoing webhooks: the wait before retry n is 2^(n-1) x this (30 s, 1 min, 2 min, 4 min, 8 min). */
  WEBHOOK_RETRY_BASE_MS: z.coerce.number({ error: 'accepts milliseconds 0-3600000' }).int().min(0).max(3_600_000).default(30_000),
  // Uptime monitoring. Plan flags (uptime.max_monitors, uptime.min_interval_seconds) win over these.
  UPTIME_MAX_MONITORS: z.coerce.number({ error: 'accepts a positive whole number' }).int().min(1).default(10),
  UPTIME_MIN_INTERVAL_SECONDS: z.coerce.number({ error: 'accepts seconds 30-86400' }).int().min(30).max(86400).default(60),
  /** Checks one process runs at once (each opens its own connection). */
  UPTIME_CONCURRENCY: z.coerce.number({ error: 'accepts a whole number 1-2000' }).int().min(1).max(2000).default(100),
  /** Raw /mp events (tracking_events) are deleted after this many days; usage rollups keep the history. */
  USAGE_RAW_RETENTION_DAYS: z.coerce.number({ error: 'accepts whole days 1-3650' }).int().min(1).max(3650).default(90),
  /** Raw check results are kept this long; hourly and daily rollups for UPTIME_ROLLUP_RETENTION_DAYS. */
  UPTIME_RAW_RETENTION_DAYS: z.coerce.number({ error: 'accepts whole days 1-365' }).int().min(1).max(365).default(7),
  UPTIME_ROLLUP_RETENTION_DAYS: z.coerce.number({ error: 'accepts whole days 30-3650' }).int().min(30).max(3650).default(400),
  /** false: this process serves the API but runs no uptime checks (other processes do). */
  UPTIME_SCHEDULER: bool(true),
  /** false: this process runs no daily revenue anomaly scans (their jobs wait for a process that does). */
  REVENUE_SCAN: bool(true),
  /** Alert storms: a publisher's first N monitor changes within the window are mailed one by one, later ones in one digest. */
  UPTIME_DIGEST_THRESHOLD: z.coerce.number({ error: 'accepts a whole number 1-1000' }).int().min(1).max(1000).default(5),
  UPTIME_DIGEST_WINDOW_SECONDS: z.coerce.number({ error: 'accepts seconds 10-3600' }).int().min(10).max(3600).default(60),
  /**
   * Where report exports are written (default DATA_DIR/exports). With several server processes, a
   * directory they all share (a mounted volume): any process may finish a job or serve its file.
   */
  EXPORTS_DIR: z.string().optional(),
  /** An export's lease (renewed every third of it): how soon another process takes over a dead one's export. */
  REPORT_EXPORT_LEASE_SECONDS: z.coerce.number({ error: 'accepts whole seconds 3-3600' }).int().min(3).max(3600).default(120),
  /** Only for tests: an export waits this long after opening its file, so a test can kill it mid-way. */
  REPORT_EXPORT_TEST_PAUSE_MS: z.coerce.number({ error: 'accepts milliseconds 0-60000' }).int().min(0).max(60_000).default(0),
  /** Only for tests: comma-separated IPs the guarded outbound client may reach (e.g. 127.0.0.1). */
  OUTBOUND_ALLOW_HOSTS: z
    .string()
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : [],
    ),
});
export type AppConfig = z.infer<typeof EnvSchema>;

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws one line naming the variable and what it accepts. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const result = EnvSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid configuration: ${name}=${JSON.stringify(env[name] ?? '')} ${issue.message}`);
  }
  if (result.data.NODE_ENV === 'production' && !result.data.PAYMENT_DETAILS_KEYS) {
    throw new ConfigError('Invalid configuration: PAYMENT_DETAILS_KEYS="" is required in production (id:base64 of a 32-byte key)');
  }
  return result.data;
}
