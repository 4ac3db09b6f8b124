import { Link } from 'react-router';
import { Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Routes } from '@pc/contracts';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { useChosenPublisherId } from '../../../lib/chosen-publisher';
import { useSignedIn } from '../../../lib/identity/auth-context';
import { usePaymentsOverview } from '../api/payments-api';
import { money, periodLabel, statusLabel } from '../components/format';
import { MonthClosePanel } from '../components/month-close-panel';
import { PaymentsTable } from '../components/payments-table';
import { LoadingSkeleton } from '../../../components/ui/loading-skeleton';

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card withBorder>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg">
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Card>
  );
}

/** /{area}/payments: balance, next payment, threshold, the payments with statements; staff also close months here. */
export function PaymentsPage() {
  const publisherId = useChosenPublisherId();
  const { scope } = useSignedIn();
  if (!publisherId) return null;
  return (
    <Stack gap="lg">
      <PageHeader
        title="Payments"
        purpose="What you are owed, when it is paid, and a statement for every month."
        action={
          <Button variant="default" component={Link} to={Routes.paymentSettings}>
            Payment settings
          </Button>
        }
      />
      <Overview publisherId={publisherId} />
      {scope.type === 'internal' && <MonthClosePanel />}
    </Stack>
  );
}

function Overview({ publisherId }: { publisherId: string }) {
  const { data, error, isLoading, mutate } = usePaymentsOverview(publisherId);
  if (error) return <LoadErrorAlert title="Payments could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (isLoading || !data) return <LoadingSkeleton label="Loading payments" h={200} />;
  const c = data.currency;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Stat label="Balance to date" value={money(data.balance, c)} hint="Closed months not yet paid, plus amounts rolled over" />
        <Stat
          label="Next expected payment"
          value={data.nextPayment ? money(data.nextPayment.amount, c) : '—'}
          hint={
            data.nextPayment
              ? `${periodLabel(data.nextPayment.period)}, ${statusLabel(data.nextPayment.status).toLowerCase()}`
              : 'Nothing due yet'
          }
        />
        <Stat label="Payment threshold" value={money(data.threshold, c)} hint="Smaller monthly amounts roll over to the next month" />
      </SimpleGrid>
      {data.payments.length === 0 ? (
        <EmptyState title="No payments yet">
          Each month is closed once its revenue is finalized; the payment and its statement then appear here.
        </EmptyState>
      ) : (
        <Card withBorder p={0}>
          <PaymentsTable publisherId={publisherId} payments={data.payments} />
        </Card>
      )}
      <Group>
        <Text size="xs" c="dimmed">
          Amounts are finalized net revenue; estimated days are never paid.
        </Text>
      </Group>
    </Stack>
  );
}
