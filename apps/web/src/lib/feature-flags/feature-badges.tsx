import { Badge, Group } from '@mantine/core';
import { useFeatureFlags } from './use-feature-flags';

/** The "new" and "beta" badges of one feature flag, for menu entries and page titles. */
export function FeatureBadges({ flag }: { flag: string }) {
  const { isNew, beta } = useFeatureFlags().badges(flag);
  if (!isNew && !beta) return null;
  return (
    <Group gap={4} component="span" wrap="nowrap">
      {isNew && (
        <Badge size="xs" color="green" variant="light">
          new
        </Badge>
      )}
      {beta && (
        <Badge size="xs" color="grape" variant="light">
          beta
        </Badge>
      )}
    </Group>
  );
}
