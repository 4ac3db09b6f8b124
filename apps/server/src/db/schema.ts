/**
 * The database as Kysely sees it: one file per area under tables/, each listing its tables; the
 * `Database` interface joins them. A new table goes in its area's file (and its `...Tables` list).
 */
import type { TenancyTables } from './tables/tenancy';
import type { IdentityTables } from './tables/identity';
import type { PlatformTables } from './tables/platform';
import type { UsageTables } from './tables/usage';
import type { ReportsTables } from './tables/reports';
import type { AdstxtTables } from './tables/adstxt';
import type { PaymentsTables } from './tables/payments';
import type { UptimeTables } from './tables/uptime';
import type { ServicesTables } from './tables/services';
import type { SiteTagTables } from './tables/site-tag';

export type * from './tables/tenancy';
export type * from './tables/identity';
export type * from './tables/platform';
export type * from './tables/usage';
export type * from './tables/reports';
export type * from './tables/adstxt';
export type * from './tables/payments';
export type * from './tables/uptime';
export type * from './tables/services';
export type * from './tables/site-tag';

export interface Database
  extends
    TenancyTables,
    IdentityTables,
    PlatformTables,
    UsageTables,
    ReportsTables,
    AdstxtTables,
    PaymentsTables,
    UptimeTables,
    ServicesTables,
    SiteTagTables {}
