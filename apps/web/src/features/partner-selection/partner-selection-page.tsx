import { useEffect } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { Routes, type Partner } from '@pc/contracts';
import { useSignedIn, useLogout } from '../../lib/identity/auth-context';
import { useChosenPublisherId } from '../../lib/chosen-publisher';
import { usePartners } from '../../lib/data/use-publisher-data';
import { selectPartner } from '../../lib/select-partner';
import { StorageKeys, readString, removeKey } from '../../lib/storage';
import { PartnerSearch } from '../../components/partner-picker/partner-search';
import { PageLoader } from '../../components/ui/spinner';
import { PublicFrame } from '../../components/ui/public-frame';

function nextPath(): string {
  const path = readString(StorageKeys.redirectPath);
  removeKey(StorageKeys.redirectPath);
  return path && path.startsWith('/') && !path.startsWith('//') && path !== Routes.partnerSelection && path !== Routes.login
    ? path
    : Routes.home;
}

/** /partner-selection: choose the partner to work on. Single-publisher users skip it. */
export function PartnerSelectionPage() {
  const { scope, user } = useSignedIn();
  const logout = useLogout();
  const navigate = useNavigate();
  const chosen = useChosenPublisherId();
  const single = scope.type === 'external_single' ? scope.publisherId : null;
  const { data, error, isLoading, mutate } = usePartners(!single);

  useEffect(() => {
    if (single) {
      selectPartner(single);
      navigate(nextPath(), { replace: true });
    }
  }, [single, navigate]);

  if (single) return <PageLoader />;

  const choose = (p: Partner) => {
    selectPartner(p.publisherId);
    navigate(nextPath(), { replace: true });
  };

  const footer = (
    <Group justify="center" gap="xs">
      <Text size="sm" c="dimmed">
        Signed in as {user.email}.
      </Text>
      <Button variant="subtle" size="compact-sm" onClick={() => void logout()}>
        Log out
      </Button>
    </Group>
  );
  return (
    <PublicFrame
      title="Choose a partner"
      subtitle={
        scope.type === 'internal'
          ? 'You have access to every partner. Search by name or id, then pick one to open its dashboard.'
          : 'Your account manages several partners. Pick the one you want to work on; you can switch later from the top bar.'
      }
      width={560}
      footer={footer}
    >
      {error ? (
        <Alert color="red" role="alert" title="The partner list could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{error.message}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void mutate()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : (
        <PartnerSearch partners={data} loading={isLoading} selectedId={chosen} onSelect={choose} autoFocus />
      )}
    </PublicFrame>
  );
}
