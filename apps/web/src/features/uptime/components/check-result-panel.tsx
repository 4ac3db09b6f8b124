import { Alert, Group, Stack, Text } from '@mantine/core';
import type { CheckResult } from '@pc/contracts';
import { formatDay } from '../../../lib/format/number-format';
import { formatMs } from '../state/monitor-format';

/** One check's outcome ("Test now" or "Check now"): passed or why not, with its timings. */
export function CheckResultPanel({ result, title }: { result: CheckResult; title: string }) {
  const t = result.timings;
  const timings = [
    ['DNS', t.dnsMs],
    ['Connect', t.connectMs],
    ['TLS', t.tlsMs],
    ['First byte', t.firstByteMs],
    ['Total', t.totalMs],
  ] as const;
  return (
    <Alert
      color={result.ok ? 'green' : 'red'}
      title={`${title}: ${result.ok ? 'up' : 'down'}`}
      role="status"
      aria-live="polite"
      data-testid="check-result"
    >
      <Stack gap={4}>
        <Text size="sm">
          {result.httpStatus !== null ? `HTTP ${result.httpStatus}` : 'No HTTP answer'}
          {result.error ? ` — ${result.error}` : ''}
        </Text>
        {result.keywordFound !== null && <Text size="sm">Keyword {result.keywordFound ? 'found' : 'not found'}.</Text>}
        {result.finalUrl && (
          <Text size="xs" c="dimmed">
            {/* Without an HTTP answer the address was only tried: nothing answered. */}
            {result.httpStatus !== null ? 'Answered by' : 'Tried'} {result.finalUrl}
          </Text>
        )}
        {result.certExpiresAt && (
          <Text size="xs" c="dimmed">
            Certificate valid until {formatDay(result.certExpiresAt.slice(0, 10))}
          </Text>
        )}
        <Group gap="md">
          {timings.map(([label, ms]) => (
            <Text key={label} size="xs">
              {label}: <strong>{formatMs(ms)}</strong>
            </Text>
          ))}
        </Group>
      </Stack>
    </Alert>
  );
}
