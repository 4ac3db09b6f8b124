import { FeatureBadges } from '../../lib/feature-flags/feature-badges';
import { badgeFlagOf } from '../../lib/feature-flags/feature-areas';

/** The "new" / "beta" badges of the feature an entry links to (none for most entries). */
export function NavBadges({ to }: { to: string }) {
  const flag = badgeFlagOf(to);
  return flag ? <FeatureBadges flag={flag} /> : null;
}
