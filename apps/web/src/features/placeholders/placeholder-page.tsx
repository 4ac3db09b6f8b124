import { Button, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Routes } from '@pc/contracts';
import { PageHeader } from '../../components/ui/page-header';
import { EmptyState } from '../../components/ui/empty-state';
import { Icon } from '../../components/ui/icons';
import { useSignedIn } from '../../lib/identity/auth-context';
import { AREAS, type PlaceholderArea } from './placeholder-areas';

/** A clear empty state for an area that is not built yet: it names what will be there. */
export function PlaceholderPage({ area }: { area: PlaceholderArea }) {
  const a = AREAS[area];
  const { scope } = useSignedIn();
  const forbidden = area === 'adminConsole' && !(scope.type === 'internal' && scope.adminAccess);
  return (
    <Stack gap="lg">
      <PageHeader title={a.title} purpose={a.purpose} />
      {forbidden ? (
        <EmptyState title="Administrators only" icon={<Icon name="shield" />}>
          This area is available to the provider&apos;s administrators. Ask your account manager if you need something changed.
        </EmptyState>
      ) : (
        <EmptyState
          title={`${a.title} is coming soon`}
          icon={<Icon name="grid" />}
          action={
            <Button component={Link} to={Routes.home} variant="light">
              Back to the dashboard
            </Button>
          }
        >
          <Text size="sm" mb="xs">
            This area is not available in your portal yet. When it is, you will find here:
          </Text>
          <List size="sm" ta="left" spacing={4}>
            {a.willShow.map((w) => (
              <List.Item key={w}>{w}</List.Item>
            ))}
          </List>
        </EmptyState>
      )}
    </Stack>
  );
}
