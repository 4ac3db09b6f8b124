import { Routes } from '@pc/contracts';

/** Flag keys the web app reads (defined in the server's migrations; the server gates the same BOOLEAN ones). */
export const FlagKeys = {
  uptimeMonitoring: 'uptime.monitoring',
  paymentStatements: 'payments.statements',
  webhooks: 'integrations.webhooks',
} as const;

/**
 * Areas a BOOLEAN flag switches on or off per publisher: their menu entry, home cards and every page
 * under the path follow the flag (apps/server/src/modules/feature-flags/feature-gates.ts refuses
 * their API). `feature` names the area in the "not enabled" message.
 */
export const GATED_AREAS: readonly { path: string; flag: string; feature: string }[] = [
  { path: Routes.uptimeMonitoring, flag: FlagKeys.uptimeMonitoring, feature: 'Uptime monitoring' },
];

/** The flag whose "new" / "beta" badges an entry for this path carries. */
const BADGE_FLAGS: Readonly<Record<string, string>> = {
  [Routes.uptimeMonitoring]: FlagKeys.uptimeMonitoring,
  [Routes.integrations]: FlagKeys.webhooks,
};

const under = (path: string, area: string) => path === area || path.startsWith(`${area}/`);

/** The gated area a path belongs to, if any. */
export const gatedAreaOf = (path: string) => GATED_AREAS.find((a) => under(path, a.path));

/** The flag whose badges an entry linking to `path` shows, if any. */
export const badgeFlagOf = (path: string): string | undefined => BADGE_FLAGS[path];

/**
 * Whether an entry linking to `path` is shown: gated areas only while their flag is on. An unknown
 * flag or flags still loading count as on (the server still refuses a feature that is off), so a
 * slow flags request never hides the whole menu.
 */
export const pathVisible = (path: string, enabled: (key: string, fallback?: boolean) => boolean): boolean => {
  const area = gatedAreaOf(path);
  return !area || enabled(area.flag, true);
};
