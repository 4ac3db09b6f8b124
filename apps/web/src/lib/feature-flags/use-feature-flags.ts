import { featureFlagsEndpoints, type EffectiveFlag, type FlagValue } from '@pc/contracts';
import { useChosenPublisherId } from '../chosen-publisher';
import { useEndpoint } from '../endpoints';

export interface FeatureFlags {
  /** False until the selected publisher's flags have loaded (callers keep their skeleton). */
  ready: boolean;
  error: Error | undefined;
  flag(key: string): EffectiveFlag | undefined;
  /** A BOOLEAN flag; `fallback` while loading or when the flag is not defined. */
  enabled(key: string, fallback?: boolean): boolean;
  /** A LIMIT or EXTENSION flag as a number. */
  limit(key: string, fallback: number): number;
  /** A SET flag as a list. */
  set(key: string, fallback?: readonly string[]): readonly string[];
  /** Badges to show next to the feature's entry: "new" while inside showNewFeaturesUntil, "beta". */
  badges(key: string): { isNew: boolean; beta: boolean };
}

/**
 * The one hook every feature reads its flags through: the selected publisher's effective flags
 * (override where the provider set one, else the default) from GET /api/feature-flags. Keyed by
 * publisher, so switching partner refetches. Lives in lib/ because features must not import each other.
 */
export function useFeatureFlags(): FeatureFlags {
  const publisherId = useChosenPublisherId();
  const { data, error } = useEndpoint(featureFlagsEndpoints.effective, publisherId, publisherId ? {} : null);
  const byKey = new Map((data ?? []).map((f) => [f.key, f]));
  const value = (k: string): FlagValue | undefined => byKey.get(k)?.value;
  return {
    ready: data !== undefined,
    error,
    flag: (k) => byKey.get(k),
    enabled: (k, fallback = false) => {
      const v = value(k);
      return typeof v === 'boolean' ? v : fallback;
    },
    limit: (k, fallback) => {
      const v = value(k);
      return typeof v === 'number' ? v : fallback;
    },
    set: (k, fallback = []) => {
      const v = value(k);
      return Array.isArray(v) ? v : fallback;
    },
    badges: (k) => ({ isNew: byKey.get(k)?.isNew ?? false, beta: byKey.get(k)?.beta ?? false }),
  };
}
