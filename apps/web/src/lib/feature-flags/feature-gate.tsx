import type { ReactNode } from 'react';
import { EmptyState } from '../../components/ui/empty-state';
import { gatedAreaOf } from './feature-areas';
import { useFeatureFlags } from './use-feature-flags';
import { LoadingSkeleton } from '../../components/ui/loading-skeleton';

/**
 * Renders the page at `path` only while its area's flag is on for the selected publisher; otherwise
 * says the feature is not enabled and who can turn it on. Pages outside gated areas pass through
 * without waiting for the flags. Used once, around the shell's outlet, so deep links are covered.
 */
export function FeatureGate({ path, children }: { path: string; children: ReactNode }) {
  const flags = useFeatureFlags();
  const area = gatedAreaOf(path);
  if (!area) return <>{children}</>;
  // On a flags error the page renders: its own API answers 403 if the feature is really off.
  if (!flags.ready && !flags.error) return <LoadingSkeleton label="Loading" h={320} />;
  if (flags.enabled(area.flag, true)) return <>{children}</>;
  return (
    <EmptyState title={`${area.feature} is not enabled for this partner`}>
      Your plan or account does not include {area.feature.toLowerCase()} at the moment. Ask your account manager to turn it on; the rest of
      the portal works as usual.
    </EmptyState>
  );
}
