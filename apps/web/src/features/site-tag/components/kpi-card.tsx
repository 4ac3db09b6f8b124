import { Badge, Card, Group, Skeleton, Text } from '@mantine/core';
import { changeRatio, formatChange } from '../../../lib/format/number-format';

export interface KpiCardProps {
  label: string;
  value: number | null | undefined;
  previous?: number | null;
  format: (v: number | null) => string;
  hint?: string;
  loading?: boolean;
}

/** One figure of the period with its change against the previous period (no badge when there is nothing to compare). */
export function KpiCard({ label, value, previous, format, hint, loading }: KpiCardProps) {
  const change = previous === undefined ? null : changeRatio(value ?? null, previous);
  return (
    <Card withBorder role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {loading ? (
        <Skeleton h={28} mt={6} w="60%" />
      ) : (
        <Group gap="xs" mt={4} align="baseline">
          <Text fw={700} size="xl">
            {format(value ?? null)}
          </Text>
          {change !== null && (
            <Badge variant="light" color={change >= 0 ? 'teal' : 'red'} title="Change against the previous period">
              {formatChange(change)}
            </Badge>
          )}
        </Group>
      )}
      {hint && (
        <Text size="xs" c="dimmed" mt={4}>
          {hint}
        </Text>
      )}
    </Card>
  );
}
