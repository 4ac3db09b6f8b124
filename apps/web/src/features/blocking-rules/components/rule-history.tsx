import { Card, Skeleton, Stack, Text, Timeline, Title } from '@mantine/core';
import { useRuleHistory } from '../api/blocking-rules-api';

const LABEL: Record<string, string> = {
  create: 'Created',
  update: 'Edited',
  pause: 'Paused',
  resume: 'Resumed',
  delete: 'Deleted',
  expire: 'Expired',
};

function describe(changes: Record<string, unknown> | null): string {
  if (!changes) return '';
  const values = changes.values as { added?: string[]; removed?: string[] } | string[] | undefined;
  const parts: string[] = [];
  if (Array.isArray(values)) parts.push(`values: ${values.slice(0, 5).join(', ')}${values.length > 5 ? '…' : ''}`);
  else if (values) {
    if (values.added?.length) parts.push(`added ${values.added.join(', ')}`);
    if (values.removed?.length) parts.push(`removed ${values.removed.join(', ')}`);
  }
  for (const k of ['name', 'siteIds', 'expiresAt'])
    if (changes[k] && typeof changes[k] === 'object' && !Array.isArray(changes[k])) parts.push(`${k} changed`);
  return parts.join('; ');
}

/** The rule's audit trail: who changed what, newest first. */
export function RuleHistory({ publisherId, ruleId }: { publisherId: string; ruleId: string }) {
  const { data, error, isLoading } = useRuleHistory(publisherId, ruleId);
  return (
    <Card withBorder aria-label="Rule history">
      <Stack gap="sm">
        <Title order={3} size="h5">
          History
        </Title>
        {error ? (
          <Text c="red" size="sm">
            The history could not be loaded: {error.message}
          </Text>
        ) : isLoading || !data ? (
          <Skeleton h={60} />
        ) : (
          <Timeline bulletSize={12} lineWidth={2}>
            {data.map((h, i) => (
              <Timeline.Item key={i} title={`${LABEL[h.action] ?? h.action} by ${h.actor ?? 'someone'}`}>
                <Text size="xs" c="dimmed">
                  {new Date(h.at).toLocaleString()}
                </Text>
                {describe(h.changes) && <Text size="sm">{describe(h.changes)}</Text>}
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Stack>
    </Card>
  );
}
