import useSWR from 'swr';
import { Link } from 'react-router';
import { Anchor, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { PAYMENT_STATUS_LABELS, Routes, type PaymentsOverview } from '@pc/contracts';
import { apiFetcher, type ApiKey } from '../../lib/api';
import { swrOptions } from '../../lib/swr-options';
import { CardLoadError } from './card-load-error';

const money = (n: number, c: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency: c }).format(n);
const month = (p: string) => new Date(`${p}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Home: last payment and next payment (from /api/payments; home does not import the payments feature). */
export function PaymentsCard({ publisherId }: { publisherId: string }) {
  const { data, error, isLoading, mutate } = useSWR<PaymentsOverview, Error, ApiKey>(['payments', publisherId], apiFetcher, swrOptions);
  return (
    <Card h="100%" aria-label="Payments summary">
      <Group justify="space-between">
        <Text size="xs" tt="uppercase" fw={600} c="dimmed">
          Payments
        </Text>
        <Anchor component={Link} to={Routes.payments} size="sm">
          All payments
        </Anchor>
      </Group>
      {error ? (
        <CardLoadError what="Payments" error={error} onRetry={() => void mutate()} />
      ) : isLoading || !data ? (
        <Skeleton h={50} mt="sm" />
      ) : (
        <Group grow mt="sm" align="start">
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              Last payment
            </Text>
            <Text fw={700} data-testid="home-last-payment">
              {data.lastPayment ? money(data.lastPayment.amount, data.currency) : 'None yet'}
            </Text>
            {data.lastPayment && (
              <Text size="xs" c="dimmed">
                {month(data.lastPayment.period)}, paid {data.lastPayment.paidAt}
              </Text>
            )}
          </Stack>
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              Next payment
            </Text>
            <Text fw={700} data-testid="home-next-payment">
              {data.nextPayment ? money(data.nextPayment.amount, data.currency) : 'Nothing due'}
            </Text>
            {data.nextPayment && (
              <Text size="xs" c="dimmed">
                {month(data.nextPayment.period)}, {PAYMENT_STATUS_LABELS[data.nextPayment.status].toLowerCase()}
              </Text>
            )}
          </Stack>
        </Group>
      )}
    </Card>
  );
}
